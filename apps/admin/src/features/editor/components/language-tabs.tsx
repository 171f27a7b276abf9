import { ActionIcon, Badge, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { LANGUAGES, type Language } from '@swipe/core/constants.ts';
import { IconPlus, IconX } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { addLanguage, changeDefaultLanguage, removeLanguage } from '../model/doc';

/** The site's languages as tabs: pick the one being edited, add, remove (confirmed), change the default (confirmed). */
export function LanguageTabs({ lang, onLang }: { lang: Language; onLang: (l: Language) => void }) {
  const t = useT();
  const { doc, replace, flags } = useEditor();
  const missing = LANGUAGES.filter((l) => !doc.languages.includes(l));
  const multi = flags.multiLanguage ?? true;

  const confirmRemove = (l: Language) =>
    modals.openConfirmModal({
      title: t('admin.remove_language_title', { lang: t(`admin.site_lang_${l}`) }),
      children: <Text size="sm">{t('admin.remove_language_body')}</Text>,
      labels: { confirm: t('admin.remove'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        replace(removeLanguage(doc, l));
        if (lang === l) onLang(doc.defaultLanguage);
      },
    });
  const confirmDefault = (l: Language) =>
    modals.openConfirmModal({
      title: t('admin.change_default_title', { lang: t(`admin.site_lang_${l}`) }),
      children: <Text size="sm">{t('admin.change_default_body')}</Text>,
      labels: { confirm: t('admin.change_default_confirm'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        replace(changeDefaultLanguage(doc, l));
        onLang(l);
      },
    });

  return (
    <Group gap={6} wrap="wrap" role="group" aria-label={t('admin.editing_language')}>
      <Text size="sm" c="dimmed" mr={4}>
        {t('admin.editing_language')}
      </Text>
      {doc.languages.map((l) => {
        const active = l === lang;
        return (
          <Group key={l} gap={0} wrap="nowrap">
            <Button
              aria-pressed={active}
              size="xs"
              variant={active ? 'filled' : 'default'}
              onClick={() => onLang(l)}
              rightSection={
                l === doc.defaultLanguage ? (
                  <Badge size="xs" variant={active ? 'white' : 'light'} style={{ textTransform: 'none' }}>
                    {t('admin.default_badge')}
                  </Badge>
                ) : undefined
              }
              style={l !== doc.defaultLanguage ? { borderTopRightRadius: 0, borderBottomRightRadius: 0 } : undefined}
            >
              {t(`admin.site_lang_${l}`)}
            </Button>
            {l !== doc.defaultLanguage && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('admin.language_options')} withArrow>
                    <ActionIcon
                      size={30}
                      variant={active ? 'filled' : 'default'}
                      style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}
                      aria-label={`${t('admin.language_options')}: ${t(`admin.site_lang_${l}`)}`}
                    >
                      <IconX size={12} />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => confirmDefault(l)}>{t('admin.make_default')}</Menu.Item>
                  <Menu.Item color="red" onClick={() => confirmRemove(l)}>
                    {t('admin.remove_language')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        );
      })}
      {missing.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              disabled={!multi}
              title={multi ? undefined : t('admin.plan_single_language')}
            >
              {t('admin.add_language')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {missing.map((l) => (
              <Menu.Item
                key={l}
                onClick={() => {
                  replace(addLanguage(doc, l));
                  onLang(l);
                }}
              >
                {t(`admin.site_lang_${l}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
