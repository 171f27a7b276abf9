import { Navigate, useLocation, useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { useSession } from '../../lib/session';

export const USER_TYPE_IDS = ['master', 'master-user', 'admin', 'admin-user'];

/** Signed-in area: without a session go to login; a wrong {userTypeId} prefix is replaced by the user's own. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const { userTypeId } = useParams();
  if (!userTypeId || !USER_TYPE_IDS.includes(userTypeId)) return <ErrorScreen code="404" />;
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (session.user.mustChangePassword) return <Navigate to="/first-time-change-password" replace />;
  if (userTypeId !== session.user.userTypeId) {
    const rest = location.pathname.split('/').slice(2).join('/');
    return <Navigate to={`/${session.user.userTypeId}/${rest}${location.search}`} replace />;
  }
  return <>{children}</>;
}

export function HomeRedirect() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Navigate to={`/${session.user.userTypeId}`} replace />;
}
