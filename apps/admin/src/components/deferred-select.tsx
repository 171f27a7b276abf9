import { ComboboxChevron, InputBase, type MantineSize } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { onFirstUse } from '../lib/on-first-use';

// A Select whose machinery (Combobox, Popover, floating-ui, a portal and every component's styles: more than a
// list screen's own code) is fetched when someone comes near it (the pointer over it, focus) and drawn when they
// reach for it (a click, the keys that open a select), not with the screen. Until then an input drawn like
// it holds its place; the real one opens where the person left it, the focus in it. State, not Suspense: React
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
  // set once the person reaches for it (a click, the keys that open a select): the real one then takes over as
  // soon as it is there, opened with the focus in it (true) or closed if the focus has gone elsewhere meanwhile
  // (false). Not on a press or on focus (a text field's focus looks the same from a pointer or the keys): a real
  // select drawn between the press and the click would take the click and close again what the press opened.
  const [reached, setReached] = useState<boolean | null>(null);
  if (real && reached !== null) return <real.RealSelect {...props} size={size} open={reached} />;
  const open = () => {
    want();
    // after the event that asked (a click or a key): a real select drawn in its midst took the rest of the click
    setTimeout(() => setReached(true));
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
      onFocus={want}
      onBlur={() => setReached((x) => (x === null ? null : false))}
      onClick={open}
      wrapperProps={{ onPointerEnter: want }}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        open();
      }}
    />
  );
}
