import { Alert, Anchor, Button, Stack } from '@mantine/core';
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
  const verify = useQuery({
    queryKey: ['verify-token', token],
    queryFn: () => verifyToken(token),
    enabled: !!token,
    meta: { silent: true },
  });
  const m = useMutation({ mutationFn: resetPassword });

  if (!token)
    return (
      <AuthCard title={t('admin.new_password_title')} back>
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
      <AuthCard title={t('admin.new_password_title')} back>
        <Alert color="red" variant="light" role="alert">
          {errorMessage(verify.error)}
        </Alert>
        <Anchor component={Link} to="/reset-pass">
          {t('admin.request_new_link')}
        </Anchor>
      </AuthCard>
    );
  return (
    <AuthCard title={t('admin.new_password_title')} subtitle={t('admin.new_password_subtitle')} back>
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
