import { Button, Stack } from '@mantine/core';
import { operatorPassword, withConfirmation } from '@swipe/core/validation.ts';
import { useState } from 'react';
import { z } from 'zod';
import { PasswordFields } from '../../components/password-fields';
import { useLang, useT } from '../../lib/i18n';
import { type FieldErrors, validate } from '../../lib/validate';

const schema = withConfirmation(z.object({ password: operatorPassword, confirmPassword: z.string() }));

/**
 * New password + confirmation with its submit button. Checks the rules on submit, then again on each keystroke,
 * and hands a valid pair to `onSubmit`.
 */
export function NewPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (v: { password: string; confirmPassword: string }) => void;
}) {
  const t = useT();
  const lang = useLang();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const check = (p: string, c: string) => {
    const r = validate(schema, { password: p, confirmPassword: c }, lang);
    setErrors(r.ok ? {} : r.errors);
    return r.ok;
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (check(password, confirm)) onSubmit({ password, confirmPassword: confirm });
      }}
    >
      <Stack>
        <PasswordFields
          password={password}
          confirm={confirm}
          onPassword={(v) => {
            setPassword(v);
            if (submitted) check(v, confirm);
          }}
          onConfirm={(v) => {
            setConfirm(v);
            if (submitted) check(password, v);
          }}
          errors={errors}
        />
        <Button type="submit" loading={pending}>
          {t('admin.set_password')}
        </Button>
      </Stack>
    </form>
  );
}
