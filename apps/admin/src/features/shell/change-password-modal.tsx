import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { operatorPassword, withConfirmation } from '@swipe/core/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { PasswordFields } from '../../components/password-fields';
import { startSession } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { type FieldErrors, validate } from '../../lib/validate';
import { changePassword } from './api';

const schema = withConfirmation(
  z.object({
    currentPassword: z.string().min(1, { error: 'validation.required' }),
    password: operatorPassword,
    confirmPassword: z.string(),
  }),
);

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const [v, setV] = useState({ currentPassword: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const close = () => {
    setV({ currentPassword: '', password: '', confirmPassword: '' });
    setErrors({});
    setSubmitted(false);
    onClose();
  };
  const m = useMutation({
    mutationFn: changePassword,
    onSuccess: (res) => {
      startSession(res);
      notifySuccess(res.message);
      close();
    },
  });
  const set = (patch: Partial<typeof v>) => {
    const next = { ...v, ...patch };
    setV(next);
    if (submitted) {
      const r = validate(schema, next, lang);
      setErrors(r.ok ? {} : r.errors);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('admin.change_password')} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          const r = validate(schema, v, lang);
          setErrors(r.ok ? {} : r.errors);
          if (r.ok) m.mutate(v);
        }}
      >
        <Stack>
          <PasswordInput
            label={t('admin.current_password')}
            autoComplete="current-password"
            value={v.currentPassword}
            onChange={(e) => set({ currentPassword: e.currentTarget.value })}
            error={errors.currentPassword ?? m.error?.message}
            required
            data-autofocus
          />
          <PasswordFields
            password={v.password}
            confirm={v.confirmPassword}
            onPassword={(p) => set({ password: p })}
            onConfirm={(c) => set({ confirmPassword: c })}
            errors={errors}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={m.isPending}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
