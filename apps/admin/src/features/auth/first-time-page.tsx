import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { startSession } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { firstTimeChangePassword } from './api';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

export function FirstTimePage() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const m = useMutation({
    mutationFn: firstTimeChangePassword,
    onSuccess: (res) => {
      startSession({ ...res, user: { ...(res.user ?? session?.user), mustChangePassword: false } });
      notifySuccess(res.message);
      navigate(`/${res.user?.userTypeId ?? session?.user.userTypeId}`, { replace: true });
    },
  });
  if (!session) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('admin.first_time_title')} subtitle={t('admin.first_time_subtitle')}>
      <NewPasswordForm pending={m.isPending} onSubmit={(v) => m.mutate(v)} />
    </AuthCard>
  );
}
