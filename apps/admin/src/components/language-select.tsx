import type { Lang } from '@swipe/i18n';
import { setLang, useLang, useT } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { queryClient } from '../lib/query';
import { DeferredSelect } from './deferred-select';
import { IconLanguage } from './icon';

// The language switch of the login screens, the signed-in header and the settings; its Select is fetched when
// someone reaches for it (deferred-select.tsx).

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <DeferredSelect
      aria-label={t('admin.language')}
      value={lang}
      onChange={(v) => {
        // Server messages and localised data follow the language (once its table has arrived).
        setLang(v as Lang).then(() => queryClient.invalidateQueries(), notifyError);
      }}
      data={(['ja', 'en', 'kr', 'cn'] as const).map((l) => ({ value: l, label: t(`common.lang_${l}`) }))}
      leftSection={<IconLanguage size={16} />}
      // compact: the phone header's width ("English" and the longest of the others fit)
      w={compact ? 104 : 150}
      size="xs"
    />
  );
}
