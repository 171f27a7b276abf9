import { ComboboxChevron, InputBase, type MantineSize } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { onFirstUse } from '../lib/on-first-use';

// A Select whose machinery (Combobox, Popover, floating-ui, a portal and every component's styles: more than a
// list screen's own code) is fetched and drawn when someone reaches for it (the pointer over it, focus, a press),
// not with the screen. Until then an input drawn like it holds its place, and pressing it (pointer or keys)
// opens the real one as soon as it arrives, with the focus where the person put it. State, not Suspense: React
// holds a revealed Suspense fallback for a while, which would swap the input in the middle of a click.

const useReal = onFirstUse(() => import('./deferred-select-real'));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export interface DeferredSelectProps {
  /** The label above the box; without it, `aria-label` names the box. */
  label?: string;
  'aria-label'?: string;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  w?: number | string;
  size?: MantineSize;
  leftSection?: ReactNode;
}

export function DeferredSelect(props: DeferredSelectProps) {
  const { label, data, value, w, size = 'sm', leftSection } = props;
  const [real, want] = useReal();
  const [early, setEarly] = useState({ opened: false, focused: false });
  if (real) return <real.RealSelect {...props} size={size} opened={early.opened} focused={early.focused} />;
  const open = () => {
    want();
    setEarly({ opened: true, focused: true });
  };
  return (
    <InputBase
      label={label}
      aria-label={props['aria-label']}
      value={data.find((d) => d.value === value)?.label ?? ''}
      readOnly
      pointer
      leftSection={leftSection}
      rightSection={<ComboboxChevron size={size} />}
      rightSectionPointerEvents="none"
      w={w}
      size={size}
      onFocus={() => {
        want();
        setEarly((e) => ({ ...e, focused: true }));
      }}
      onBlur={() => setEarly({ opened: false, focused: false })}
      onClick={open}
      wrapperProps={{ onPointerEnter: want, onPointerDown: open }}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        open();
      }}
    />
  );
}
