import { Alert, Button, Card, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconTrash } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { deleteOwnAccount } from './api';

// Delete account (back-office.md 2): the caller's own account after its password and a
// confirmation that says what happens; the server refuses the platform master, an owner with customers
// below it and a contract inside its 12-month minimum. Success ends every session: the screen signs out.

export function DeleteAccountPage() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const staff = user?.type === 'SUB_ADMIN';

  const del = useMutation({
    mutationFn: () => deleteOwnAccount(password),
    meta: { silent: true },
    onSuccess: (r) => {
      notifySuccess(r.message);
      // every session already ended on the server: the sign-out screen forgets this one
      navigate('/log-out', { replace: true });
    },
    onError: (err) => {
      const field = err instanceof ApiError ? err.fields.find((f) => f.path === 'password') : undefined;
      if (field) {
        setFieldError(field.message);
        setRefusal(null);
      } else setRefusal(errorMessage(err));
    },
  });

  if (user?.type === 'MASTER')
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} size="h3">
          {t('admin.delete_title')}
        </Title>
        <Alert color="gray" variant="light">
          {t('admin.delete_master_refused')}
        </Alert>
      </Stack>
    );

  const consequences = staff
    ? ['admin.delete_staff_effect_account', 'admin.delete_effect_sessions']
    : ['admin.delete_effect_account', 'admin.delete_effect_sites', 'admin.delete_effect_sessions'];
  const confirm = () =>
    modals.openConfirmModal({
      title: t('admin.delete_confirm_title'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.delete_confirm_body', { email: user?.email ?? '' })}</Text>
          <List size="sm" spacing={4}>
            {consequences.map((k) => (
              <List.Item key={k}>{t(k)}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: t('admin.delete_confirm_button'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => del.mutate(),
    });

  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={1} size="h3">
          {t('admin.delete_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(staff ? 'admin.delete_staff_subtitle' : 'admin.delete_subtitle')}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setRefusal(null);
            if (!password) {
              setFieldError(t('validation.required'));
              return;
            }
            setFieldError(undefined);
            confirm();
          }}
        >
          <Stack gap="md">
            <Alert color="red" variant="light" title={t('admin.delete_what_happens')}>
              <List size="sm" spacing={4}>
                {consequences.map((k) => (
                  <List.Item key={k}>{t(k)}</List.Item>
                ))}
              </List>
            </Alert>
            {!staff && (
              <Text size="sm" c="dimmed">
                {t('admin.delete_conditions')}
              </Text>
            )}
            <PasswordInput
              label={t('admin.delete_password_label')}
              description={t('admin.delete_password_help')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setFieldError(undefined);
              }}
              error={fieldError}
              required
            />
            {refusal && (
              <Alert color="orange" variant="light" role="alert">
                {refusal}
              </Alert>
            )}
            <div>
              <Button type="submit" color="red.9" leftSection={<IconTrash size={16} />} loading={del.isPending}>
                {t('admin.delete_account_submit')}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
