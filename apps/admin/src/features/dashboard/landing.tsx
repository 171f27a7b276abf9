import { menuFor } from '@swipe/core/menu.ts';
import { Navigate } from 'react-router';
import { type User, useSession } from '../../lib/session';

// The signed-in area's index: the summary when it is the first entry of the caller's menu (sellers: the
// platform, OEM masters and admins), else the site list as before.

export function homeEntry(user: User | undefined): 'summary' | 'site-list' {
  if (!user) return 'site-list';
  const first = menuFor({ ...user, effectiveType: user.effectiveType === 'SUB_ADMIN' ? 'USER' : user.effectiveType })[0];
  return first === 'summary' ? 'summary' : 'site-list';
}

export function Landing() {
  return <Navigate to={homeEntry(useSession()?.user)} replace />;
}
