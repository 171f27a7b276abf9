import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useT } from '../../lib/i18n';
import { onFirstUse, useFirstUseTrigger } from '../../lib/on-first-use';
import { useSession } from '../../lib/session';

// The account's button at the header's end. Its menu (a popover: floating-ui, a portal, transitions, the items)
// is a chunk fetched and drawn the first time the button is pressed, not with every signed-in screen.

const useMenu = onFirstUse(() => import('./account-menu-items'));

export function AccountMenu({ onChangePassword }: { onChangePassword: () => void }) {
  const t = useT();
  const user = useSession()?.user;
  // the button is drawn anew inside the menu when its chunk comes
  const { module: menu, press, props } = useFirstUseTrigger(useMenu, 'menu');
  // named by what it shows, then what it is (WCAG 2.5.3: the visible text is in the name); the avatar's initial
  // is decoration
  const button = (
    <UnstyledButton onClick={menu ? undefined : press} {...props}>
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
