import '../app/screen-styles';
import { Select } from '@mantine/core';
import type { DeferredSelectProps } from './deferred-select';

/** The Select behind deferred-select.tsx, opened and focused as the person left its stand-in. */
export function RealSelect({ onChange, opened, focused, ...props }: DeferredSelectProps & { opened: boolean; focused: boolean }) {
  return (
    <Select
      {...props}
      onChange={(v) => v !== null && onChange(v)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      defaultDropdownOpened={opened}
      // focus stays where the person put it while the select was loading
      autoFocus={focused}
    />
  );
}
