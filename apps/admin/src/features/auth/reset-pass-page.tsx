import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { email as emailRule } from '@swipe/core/validation.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useLang, useT } from '../../lib/i18n';
import { validate } from '../../lib/validate';
import { forgotPassword } from './api';
import { AuthCard } from './auth-card';

const schema = z.object({ email: emailRule });

export function ResetPassPage() {
  const t = useT();
  const lang = useLang();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const m = useMutation({ mutationFn: forgotPassword });
  return (
    <AuthCard title={t('admin.reset_title')} subtitle={t('admin.reset_subtitle')} back>
      {m.isSuccess ? (
        <Alert color="teal" variant="light" role="status">
          {m.data.message}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const r = validate(schema, { email }, lang);
            setError(r.ok ? undefined : r.errors.email);
            if (r.ok) m.mutate(r.data.email);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t('admin.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              required
              autoFocus
            />
            <Button type="submit" loading={m.isPending}>
              {t('admin.send_reset_link')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
