import { DateTimePicker } from '@mantine/dates';
import { fromJapanWallClock, japanWallClock } from '@swipe/core/japan-time.ts';
import { useT } from '../lib/i18n';

/** A date-time kept as an ISO string with offset (the core's dateString rule), edited in Japan time (zone named). */
export function DateField({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  error?: string;
  required?: boolean;
}) {
  const t = useT();
  return (
    <DateTimePicker
      label={label}
      value={japanWallClock(value)}
      onChange={(v) => onChange(fromJapanWallClock(v))}
      valueFormat="YYYY-MM-DD HH:mm [JST]"
      clearable
      clearButtonProps={{ 'aria-label': t('admin.clear') }}
      error={error}
      required={required}
      placeholder={t('admin.pick_date')}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      popoverProps={{ withinPortal: true }}
      miw={180}
    />
  );
}
