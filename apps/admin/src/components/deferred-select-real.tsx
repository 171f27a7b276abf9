import '../app/screen-styles';
import { Select } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { DeferredSelectProps } from './deferred-select';

/** The Select behind deferred-select.tsx: `open`, it opens with the focus in it, as the person left its stand-in. */
export function RealSelect({ onChange, open, ...props }: DeferredSelectProps & { open: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // the focus goes where the person put it while the select was loading (an `autofocus` attribute on an element
  // drawn after the page's load is not acted on: the keys, Escape included, would have gone nowhere)
  useEffect(() => {
    if (open) input.current?.focus();
  }, []);
  return (
    <Select
      {...props}
      ref={input}
      onChange={(v) => v !== null && onChange(v)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      defaultDropdownOpened={open}
    />
  );
}
