import { Select } from '@mantine/core';
import type { Lang } from '@swipe/i18n';
import { setLang, useLang, useT } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { IconLanguage } from './icons';

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <Select
      aria-label={t('admin.language')}
      value={lang}
      onChange={(v) => {
        if (!v) return;
        setLang(v as Lang);
        // Server messages and localised data follow the language.
        void queryClient.invalidateQueries();
      }}
      data={(['ja', 'en', 'kr', 'cn'] as const).map((l) => ({ value: l, label: t(`common.lang_${l}`) }))}
      leftSection={<IconLanguage size={16} />}
      w={compact ? 130 : 150}
      size="xs"
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
