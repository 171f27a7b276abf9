import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useT } from '../../lib/i18n';
import { errorMessage } from '../../lib/notify';
import { resetPassword, verifyToken } from './api';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

export function NewPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // the set-up link a new account gets (setup=1): a welcome, not a reset
  const setup = params.get('setup') === '1';
  const title = t(setup ? 'admin.setup_password_title' : 'admin.new_password_title');
  const verify = useQuery({
    queryKey: ['verify-token', token],
    queryFn: () => verifyToken(token),
    enabled: !!token,
    meta: { silent: true },
  });
  const m = useMutation({ mutationFn: resetPassword });

  if (!token)
    return (
      <AuthCard title={title} back>
        <Alert color="red" variant="light" role="alert">
          {t('admin.token_missing')}
        </Alert>
        <Anchor component={Link} to="/reset-pass">
          {t('admin.request_new_link')}
        </Anchor>
      </AuthCard>
    );
  if (verify.isPending) return <PageLoader />;
  if (verify.isError)
    return (
      <AuthCard title={title} back>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(verify.error)}
        </Alert>
        {setup && <Text size="sm">{t('admin.setup_link_invalid_help')}</Text>}
        <Anchor component={Link} to="/reset-pass">
          {t('admin.request_new_link')}
        </Anchor>
      </AuthCard>
    );
  return (
    <AuthCard title={title} subtitle={t(setup ? 'admin.setup_password_subtitle' : 'admin.new_password_subtitle')} back>
      {m.isSuccess ? (
        <Stack>
          <Alert color="teal" variant="light" role="status">
            {m.data.message}
          </Alert>
          <Button component={Link} to="/login">
            {t('admin.login')}
          </Button>
        </Stack>
      ) : (
        <NewPasswordForm pending={m.isPending} onSubmit={(v) => m.mutate({ token, ...v })} />
      )}
    </AuthCard>
  );
}
