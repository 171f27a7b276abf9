import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_PRESETS,
  checkPeriod,
  earliestDay,
  japanDay,
  type Period,
  periodDays,
  presetPeriod,
} from '@swipe/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';

// The period of the analysis screens, kept in the URL (?from=&to=, Japan days). The picker offers the presets
// and a range limited by the rules (today at the latest, one year back at the earliest); a period in the URL
// that breaks a rule is shown with the rule's message and the default period is used.

export function usePeriod(): { period: Period; error: string | null; setPeriod: (p: Period) => void } {
  const [sp, setSp] = useSearchParams();
  const from = sp.get('from');
  const to = sp.get('to');
  const bad = from && to ? checkPeriod(from, to) : null;
  const period = from && to && !bad ? { from, to } : presetPeriod(ANALYTICS_DEFAULT_DAYS);
  const setPeriod = (p: Period) => {
    const next = new URLSearchParams(sp);
    next.set('from', p.from);
    next.set('to', p.to);
    next.delete('page');
    setSp(next, { replace: true });
  };
  return { period, error: bad ? bad[1] : null, setPeriod };
}

export function PeriodPicker({ period, error, onChange }: { period: Period; error: string | null; onChange: (p: Period) => void }) {
  const t = useT();
  const today = japanDay();
  const [range, setRange] = useState<[string | null, string | null]>([period.from, period.to]);
  const [shown, setShown] = useState(period);
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period);
    setRange([period.from, period.to]);
  }
  const preset = period.to === today ? ANALYTICS_PRESETS.find((n) => periodDays(period.from, period.to) === n) : undefined;
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label={t('admin.an_period')}
          data={ANALYTICS_PRESETS.map((n) => ({ value: String(n), label: t('admin.an_preset', { n }) }))}
          value={preset ? String(preset) : ''}
          onChange={(v) => onChange(presetPeriod(Number(v)))}
        />
        <DatePickerInput
          type="range"
          label={t('admin.an_period')}
          value={range}
          minDate={earliestDay()}
          maxDate={today}
          valueFormat="YYYY-MM-DD"
          allowSingleDateInRange
          onChange={(v) => {
            const r: [string | null, string | null] = [v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null];
            setRange(r);
            if (r[0] && r[1] && !checkPeriod(r[0], r[1])) onChange({ from: r[0], to: r[1] });
          }}
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('admin.an_period_rules')}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert" p="xs">
          {t(error)}
        </Alert>
      )}
    </Stack>
  );
}
