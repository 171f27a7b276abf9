import '../app/screen-styles';
import { Select } from '@mantine/core';
import type { Lang } from '@swipe/i18n';
import { setLang, useLang, useT } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { queryClient } from '../lib/query';
import { IconLanguage } from './icon';

/** The language switch itself (loaded after the first paint, see language-select.tsx). */
export function LanguageMenu({ width, opened, focused }: { width: number; opened: boolean; focused: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <Select
      aria-label={t('admin.language')}
      value={lang}
      onChange={(v) => {
        if (!v) return;
        // Server messages and localised data follow the language (once its table has arrived).
        setLang(v as Lang).then(() => queryClient.invalidateQueries(), notifyError);
      }}
      data={(['ja', 'en', 'kr', 'cn'] as const).map((l) => ({ value: l, label: t(`common.lang_${l}`) }))}
      leftSection={<IconLanguage size={16} />}
      w={width}
      size="xs"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      defaultDropdownOpened={opened}
      // focus stays where the user put it while the switch was loading
      autoFocus={focused}
    />
  );
}
