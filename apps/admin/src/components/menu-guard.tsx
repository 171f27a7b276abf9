import { canUseMenu, type MenuEntry } from '@swipe/core/menu.ts';
import { useSession } from '../lib/session';
import { ErrorScreen } from './error-screen';

/**
 * A screen of a menu entry this account may not use is not found here, as on the server (its calls would answer
 * 403): opening /summary as a customer shows the not-found screen, not the screen's every box saying "no permission".
 */
export function MenuGuard({ entry, children }: { entry: MenuEntry; children: React.ReactNode }) {
  const user = useSession()?.user;
  if (user && !canUseMenu({ ...user, effectiveType: user.effectiveType === 'SUB_ADMIN' ? 'USER' : user.effectiveType }, entry))
    return <ErrorScreen code="404" inline />;
  return <>{children}</>;
}
