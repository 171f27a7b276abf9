import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { IconLock, IconLogout } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** The account menu under its button (`children`), open as it arrives (account-menu.tsx fetches it when pressed). */
export function AccountMenuItems({ onChangePassword, children }: { onChangePassword: () => void; children: ReactElement }) {
  const t = useT();
  const user = useSession()?.user;
  return (
    <Menu position="bottom-end" width={260} withinPortal defaultOpened>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item disabled>
          {t(`admin.account_type_${(user?.effectiveType ?? '').toLowerCase()}`)} ·{' '}
          {t(user?.authority === 'EDIT' ? 'admin.authority_edit' : 'admin.authority_view')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={onChangePassword}>
          {t('admin.change_password')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} component={Link} to="/log-out">
          {t('admin.nav_sign_out')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
