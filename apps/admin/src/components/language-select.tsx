import { ComboboxChevron, InputBase } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLang, useT } from '../lib/i18n';
import { IconLanguage } from './icon';

// The Select behind the switch (Combobox, Popover, floating-ui, ScrollArea: a fifth of the login screen's
// code) is fetched when the switch first renders; until it is there an input drawn like it holds its place,
// and a click or focus on that input carries over to the real one.
const LanguageMenu = lazy(() => import('./language-menu').then((m) => ({ default: m.LanguageMenu })));

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  const [early, setEarly] = useState({ opened: false, focused: false });
  const width = compact ? 130 : 150;
  const placeholder = (
    <InputBase
      aria-label={t('admin.language')}
      value={t(`common.lang_${lang}`)}
      readOnly
      pointer
      leftSection={<IconLanguage size={16} />}
      rightSection={<ComboboxChevron size="xs" />}
      rightSectionPointerEvents="none"
      w={width}
      size="xs"
      onFocus={() => setEarly((e) => ({ ...e, focused: true }))}
      onBlur={() => setEarly({ opened: false, focused: false })}
      onClick={() => setEarly({ opened: true, focused: true })}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu width={width} opened={early.opened} focused={early.focused} />
    </Suspense>
  );
}
