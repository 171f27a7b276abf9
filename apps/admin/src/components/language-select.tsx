import { ComboboxChevron, InputBase } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLang, useT } from '../lib/i18n';
import { IconLanguage } from './icon';

// The Select behind the switch (Combobox, Popover, floating-ui, ScrollArea and every component's styles: more
// than the login screen's own code) is fetched when someone reaches for it (the pointer over it, focus, a press),
// not with the screen; until it is there an input drawn like it holds its place, and pressing it (pointer or
// keys) opens the real one as soon as it arrives. State, not Suspense: React holds a revealed Suspense fallback
// for a while, which would swap the input in the middle of a click.

type Menu = typeof import('./language-menu');
let loaded: Menu | null = null;
const load = () =>
  import('./language-menu').then((m) => {
    loaded = m;
    return m;
  });

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const lang = useLang();
  const [menu, setMenu] = useState<Menu | null>(loaded);
  const [early, setEarly] = useState({ opened: false, focused: false });
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (menu || !wanted) return;
    let live = true;
    load().then(
      (m) => live && setMenu(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [menu, wanted]);
  // compact: the phone header's width ("English" and the longest of the others fit)
  const width = compact ? 104 : 150;
  if (menu) return <menu.LanguageMenu width={width} opened={early.opened} focused={early.focused} />;
  return (
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
      onFocus={() => {
        setWanted(true);
        setEarly((e) => ({ ...e, focused: true }));
      }}
      onBlur={() => setEarly({ opened: false, focused: false })}
      wrapperProps={{
        onPointerEnter: () => setWanted(true),
        onPointerDown: () => {
          setWanted(true);
          setEarly({ opened: true, focused: true });
        },
      }}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        setEarly({ opened: true, focused: true });
      }}
    />
  );
}
