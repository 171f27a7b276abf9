import { Card, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MenuEntry, menuFor } from '@swipe/core/menu.ts';
import { Link } from 'react-router';
import { IconLanguage, IconPhoto, type IconSettings, IconTrash, IconUsers, IconWorld } from '../../components/icons';
import { LanguageSelect } from '../../components/language-select';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';

// One Settings screen: what a person can set for its account, its team and its integrations, each a way to the
// screen that does it, shown only where the menu matrix (core/menu.ts) lets this account in. The sidebar's
// Settings entry opens it; the screens it leads to keep their own addresses.

interface Item {
  entry: MenuEntry;
  path: string;
  key: string;
  icon: typeof IconSettings;
}

const GROUPS: { key: string; items: Item[] }[] = [
  {
    key: 'account',
    items: [
      { entry: 'profile_image', path: 'profile-image', key: 'profile', icon: IconPhoto },
      { entry: 'delete_account', path: 'delete-account', key: 'delete', icon: IconTrash },
    ],
  },
  { key: 'team', items: [{ entry: 'admin_settings', path: 'admin-list', key: 'staff', icon: IconUsers }] },
  { key: 'integrations', items: [{ entry: 'admin_settings', path: 'api-settings', key: 'api', icon: IconWorld }] },
];

export function SettingsPage() {
  const t = useT();
  const base = useBase();
  const user = useSession()?.user;
  const allowed = new Set<string>(
    user ? menuFor({ ...user, effectiveType: user.effectiveType === 'SUB_ADMIN' ? 'USER' : user.effectiveType }) : [],
  );
  const groups = GROUPS.map((g) => ({ ...g, items: g.items.filter((i) => allowed.has(i.entry)) })).filter((g) => g.items.length > 0);
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h3">
          {t('admin.settings_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.settings_subtitle')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="settings-language">
          <Title order={2} size="h5" mb={4} id="settings-language">
            <IconLanguage size={16} style={{ verticalAlign: '-2px', marginRight: 6 }} />
            {t('admin.settings_language')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('admin.settings_language_help')}
          </Text>
          <LanguageSelect />
        </Card>
        {groups.map((g) => (
          <Card key={g.key} withBorder radius="md" padding="md" component="section" aria-labelledby={`settings-${g.key}`}>
            <Title order={2} size="h5" mb={4} id={`settings-${g.key}`}>
              {t(`admin.settings_group_${g.key}`)}
            </Title>
            <Stack gap={2}>
              {g.items.map((i) => {
                const Icon = i.icon;
                return (
                  <NavLink
                    key={i.key}
                    component={Link}
                    to={`${base}/${i.path}`}
                    label={t(`admin.settings_${i.key}`)}
                    description={t(`admin.settings_${i.key}_help`)}
                    leftSection={<Icon size={18} />}
                    rightSection={<span aria-hidden="true">›</span>}
                    style={{ borderRadius: 6 }}
                    styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  />
                );
              })}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
