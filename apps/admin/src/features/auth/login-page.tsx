import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { startSession } from '../../lib/api';
import { useLang, useT } from '../../lib/i18n';
import { errorMessage, notifyError } from '../../lib/notify';
import type { FieldErrors } from '../../lib/validate';
import { login } from './api';
import { AuthCard } from './auth-card';

// The login screen is part of the first load; its rules (zod, the same schema as the server) are not:
// they are fetched at the first keystroke or press in the form (autofill types too), and a submit waits for them.
const rules = () => import('./login-rules');
const prefetchRules = () => {
  rules().catch(() => undefined);
};

export function LoginPage() {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const m = useMutation({
    mutationFn: login,
    meta: { silent: true },
    onSuccess: (pair) => {
      startSession(pair);
      if (pair.user.mustChangePassword) return navigate('/first-time-change-password', { replace: true });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from?.startsWith(`/${pair.user.userTypeId}/`) ? from : `/${pair.user.userTypeId}`, { replace: true });
    },
  });

  const check = async (v: { email: string; password: string }) => {
    const { validate, loginBody } = await rules();
    const r = validate(loginBody, v, lang);
    setErrors(r.ok ? {} : r.errors);
    return r.ok;
  };

  return (
    <AuthCard title={t('admin.login_title')} subtitle={t('admin.login_subtitle')}>
      <form
        noValidate
        onInput={prefetchRules}
        onPointerDown={prefetchRules}
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          check({ email, password }).then((ok) => ok && m.mutate({ email: email.trim(), password }), notifyError);
        }}
      >
        <Stack gap="sm">
          {m.error && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(m.error)}
            </Alert>
          )}
          <TextInput
            label={t('admin.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              if (submitted) check({ email: e.currentTarget.value, password }).catch(notifyError);
            }}
            error={errors.email}
            required
            autoFocus
          />
          <PasswordInput
            label={t('admin.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              if (submitted) check({ email, password: e.currentTarget.value }).catch(notifyError);
            }}
            error={errors.password}
            required
          />
          <Group justify="space-between" mt="xs">
            <Anchor component={Link} to="/reset-pass" size="sm">
              {t('admin.forgot_password')}
            </Anchor>
            <Button type="submit" loading={m.isPending}>
              {t('admin.login')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
