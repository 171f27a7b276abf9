import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import { authorityForRole, inviteStaffBody, type StaffRole, type StaffView } from '@swipe/core';
import { AUTHORITIES, STAFF_ROLES } from '@swipe/core/constants.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang, useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { type FieldErrors, validate } from '../../lib/validate';
import { inviteStaff, updateStaff } from './api';

type Authority = (typeof AUTHORITIES)[number];
interface Values {
  email: string;
  name: string;
  role: StaffRole;
  authority: Authority;
  licenseIssue: boolean;
}

/**
 * Invite (no `staff`) or edit a staff member. The rules are core's schema (the server's), checked on submit
 * and then on every change; a viewer's authority is fixed to view. `maxAuthority`: nobody grants more than it has.
 */
export function StaffFormModal({
  opened,
  onClose,
  staff,
  maxAuthority,
  canGrantLicense,
}: {
  opened: boolean;
  onClose: () => void;
  staff: StaffView | null;
  maxAuthority: Authority;
  canGrantLicense: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const initial: Values = staff
    ? { email: staff.email, name: staff.name, role: staff.role, authority: staff.authority, licenseIssue: staff.licenseIssue }
    : { email: '', name: '', role: 'EDITOR', authority: maxAuthority, licenseIssue: false };
  const [v, setV] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const check = (next: Values) => {
    const r = validate(inviteStaffBody, next, lang);
    setErrors(r.ok ? {} : r.errors);
    return r.ok;
  };
  const change = (patch: Partial<Values>) => {
    const next = { ...v, ...patch };
    next.authority = authorityForRole(next.role, next.authority);
    setV(next);
    if (submitted) check(next);
  };
  const save = useMutation({
    mutationFn: () =>
      staff
        ? updateStaff(staff.id, { name: v.name.trim(), role: v.role, authority: v.authority, licenseIssue: v.licenseIssue })
        : inviteStaff({ ...v, email: v.email.trim(), name: v.name.trim() }),
    meta: { silent: true },
    onSuccess: async () => {
      notifySuccess(t(staff ? 'admin.staff_saved' : 'admin.staff_invited', { email: v.email.trim() }));
      await qc.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        setErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
        setServerError(null);
      } else setServerError(errorMessage(err));
    },
  });

  const viewer = v.role === 'VIEWER';
  return (
    <Modal opened={opened} onClose={onClose} title={t(staff ? 'admin.staff_edit_title' : 'admin.staff_invite_title')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (check(v)) save.mutate();
        }}
      >
        <Stack gap="sm">
          {!staff && (
            <Text size="sm" c="dimmed">
              {t('admin.staff_invite_help')}
            </Text>
          )}
          <TextInput
            label={t('admin.staff_col_name')}
            value={v.name}
            onChange={(e) => change({ name: e.currentTarget.value })}
            error={errors.name}
            required
            maxLength={50}
            data-autofocus
          />
          <TextInput
            label={t('admin.staff_col_email')}
            type="email"
            value={v.email}
            onChange={(e) => change({ email: e.currentTarget.value })}
            error={errors.email}
            required
            disabled={Boolean(staff)}
            autoComplete="off"
          />
          <Select
            label={t('admin.staff_col_role')}
            data={STAFF_ROLES.map((r) => ({ value: r, label: t(`admin.staff_role_${r.toLowerCase()}`) }))}
            value={v.role}
            onChange={(r) => r && change({ role: r as StaffRole })}
            allowDeselect={false}
            error={errors.role}
          />
          <Select
            label={t('admin.staff_col_authority')}
            data={AUTHORITIES.map((a) => ({
              value: a,
              label: t(a === 'EDIT' ? 'admin.authority_edit' : 'admin.authority_view'),
              disabled: a === 'EDIT' && maxAuthority !== 'EDIT',
            }))}
            value={v.authority}
            onChange={(a) => a && change({ authority: a as Authority })}
            allowDeselect={false}
            disabled={viewer}
            description={viewer ? t('admin.staff_viewer_views') : undefined}
            error={errors.authority}
          />
          <Switch
            label={t('admin.staff_col_license')}
            description={canGrantLicense || v.licenseIssue ? undefined : t('admin.staff_license_not_yours')}
            checked={v.licenseIssue}
            disabled={!canGrantLicense && !v.licenseIssue}
            onChange={(e) => change({ licenseIssue: e.currentTarget.checked })}
          />
          {serverError && (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(staff ? 'admin.save' : 'admin.staff_send_invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
