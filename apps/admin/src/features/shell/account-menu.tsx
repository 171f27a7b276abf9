import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useT } from '../../lib/i18n';
import { onFirstUse, useRefocus } from '../../lib/on-first-use';
import { useSession } from '../../lib/session';

// The account's button at the header's end. Its menu (a popover: floating-ui, a portal, transitions, the items)
// is a chunk fetched and drawn the first time the button is pressed, not with every signed-in screen.

const useMenu = onFirstUse(() => import('./account-menu-items'));

export function AccountMenu({ onChangePassword }: { onChangePassword: () => void }) {
  const t = useT();
  const user = useSession()?.user;
  const [menu, want] = useMenu();
  // the button is drawn anew inside the menu when its chunk comes: the focus goes on it if it was on the first
  const refocus = useRefocus(!!menu);
  // named by what it shows, then what it is (WCAG 2.5.3: the visible text is in the name); the avatar's initial
  // is decoration
  const button = (
    <UnstyledButton
      ref={refocus.ref}
      onClick={
        menu
          ? undefined
          : (e) => {
              refocus.note(e.currentTarget);
              want();
            }
      }
      {...(menu ? {} : { 'aria-haspopup': 'menu', 'aria-expanded': false })}
    >
      <Group gap={8} wrap="nowrap">
        <Avatar size={30} radius="xl" color="indigo" src={user?.profileImageUrl ?? null} alt="">
          <span aria-hidden="true">{(user?.contactName || user?.email || '?').slice(0, 1).toUpperCase()}</span>
        </Avatar>
        <Text size="sm" visibleFrom="sm" maw={180} truncate>
          {user?.companyName || user?.email}
        </Text>
        <VisuallyHidden>{t('admin.account_menu')}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
  if (!menu) return button;
  return <menu.AccountMenuItems onChangePassword={onChangePassword}>{button}</menu.AccountMenuItems>;
}
