import { Button, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { getSession, setSession } from '../../lib/session';
import { logout } from './api';
import { AuthCard } from './auth-card';

/** Ends every session of the account on the server, then forgets the tokens here. */
export function LogoutPage() {
  const t = useT();
  const [done, setDone] = useState(!getSession());
  useEffect(() => {
    if (!getSession()) return;
    let alive = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        setSession(null);
        queryClient.clear();
        if (alive) setDone(true);
      });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <AuthCard title={t('admin.logout_title')}>
      {done ? (
        <Stack>
          <Text>{t('admin.logged_out')}</Text>
          <Button component={Link} to="/login">
            {t('admin.login_again')}
          </Button>
        </Stack>
      ) : (
        <Loader size="sm" aria-label={t('common.loading')} />
      )}
    </AuthCard>
  );
}
