import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useT } from '../lib/i18n';

/** A date-time kept as an ISO string with offset (the core's dateString rule). */
export function DateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  error?: string;
}) {
  const t = useT();
  return (
    <DateTimePicker
      label={label}
      value={value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null}
      onChange={(v) => onChange(v ? dayjs(v).toISOString() : null)}
      valueFormat="YYYY-MM-DD HH:mm"
      clearable
      clearButtonProps={{ 'aria-label': t('admin.clear') }}
      error={error}
      placeholder={t('admin.pick_date')}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      popoverProps={{ withinPortal: true }}
      miw={180}
    />
  );
}
