import { DeferredSelect } from '../deferred-select';
import { usePhoneLayout } from '../list-layout';

// One filter of a list's bar: a choice among fixed values, its first one "all". It spans the bar's width on a
// phone (the bar wraps), keeps its width on a desk. Its option list is fetched when reached for (deferred-select.tsx).

export function FilterSelect({
  label,
  showLabel = false,
  data,
  value,
  onChange,
  w = 200,
}: {
  label: string;
  /** The label above the box (otherwise only screen readers hear it: the value names the filter). */
  showLabel?: boolean;
  data: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  w?: number;
}) {
  const phone = usePhoneLayout();
  return (
    <DeferredSelect
      label={showLabel ? label : undefined}
      aria-label={showLabel ? undefined : label}
      data={data}
      value={value}
      onChange={onChange}
      w={phone ? '100%' : w}
    />
  );
}
