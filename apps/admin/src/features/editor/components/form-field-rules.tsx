import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { PATTERN_MAX } from '@swipe/core/form-rules.ts';
import type { formFieldSchema } from '@swipe/core/site.ts';
import type { z } from 'zod';
import { useT } from '../../../lib/i18n';
import { NumField } from './fields';

type Field = z.output<typeof formFieldSchema>;

/**
 * The validation rules of one visitor-form field (viewer.md 5), by its type: text min length, pattern
 * and "equal to"; number range and "after"; checked options min / max; date range and "after". The
 * settings' own errors (min over max, a bad or risky pattern, a rule naming a wrong field) come from
 * core's check of the document, under `fp`.
 */
export function FieldRules({
  field,
  fields,
  fp,
  errors,
  setF,
}: {
  field: Field;
  fields: Field[];
  fp: string;
  errors: Record<string, string>;
  setF: (patch: Partial<Field>) => void;
}) {
  const t = useT();
  const type = field.typeForm;
  const others = (fit: (f: Field) => boolean) =>
    fields.filter((f) => f.fieldKey !== field.fieldKey && fit(f)).map((f) => ({ value: f.fieldKey, label: f.title || f.fieldKey }));
  const compare = (rule: 'equalsField' | 'afterField') => (
    <Select
      label={t(rule === 'equalsField' ? 'admin.rule_equals_field' : 'admin.rule_after_field')}
      data={others((f) => f.typeForm === type)}
      value={field[rule] ?? null}
      onChange={(v) => setF({ [rule]: v ?? null })}
      clearable
      error={errors[`${fp}.${rule}`]}
      comboboxProps={{ withinPortal: true }}
    />
  );
  if (type === 'TEXT_BOX')
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <NumField
          label={t('admin.rule_min_length')}
          value={field.minLength}
          onChange={(v) => setF({ minLength: v })}
          min={1}
          max={5000}
          allowEmpty
          error={errors[`${fp}.minLength`]}
        />
        <TextInput
          label={t('admin.rule_pattern')}
          description={t('admin.rule_pattern_help')}
          value={field.pattern ?? ''}
          onChange={(e) => setF({ pattern: e.currentTarget.value || null })}
          maxLength={PATTERN_MAX + 1}
          error={errors[`${fp}.pattern`]}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {compare('equalsField')}
      </SimpleGrid>
    );
  if (type === 'NUMBER') return <SimpleGrid cols={{ base: 1, sm: 3 }}>{compare('afterField')}</SimpleGrid>;
  if (type === 'SELECT_OPTIONS')
    return (
      <SimpleGrid cols={2} spacing="xs">
        <NumField
          label={t('admin.rule_min_items')}
          value={field.minItems}
          onChange={(v) => setF({ minItems: v })}
          min={1}
          max={50}
          allowEmpty
          error={errors[`${fp}.minItems`]}
        />
        <NumField
          label={t('admin.rule_max_items')}
          value={field.maxItems}
          onChange={(v) => setF({ maxItems: v })}
          min={1}
          max={50}
          allowEmpty
          error={errors[`${fp}.maxItems`]}
        />
      </SimpleGrid>
    );
  if (type === 'DATE')
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <TextInput
          type="date"
          label={t('admin.rule_min_date')}
          value={field.minDate ?? ''}
          onChange={(e) => setF({ minDate: e.currentTarget.value || null })}
          error={errors[`${fp}.minDate`]}
        />
        <TextInput
          type="date"
          label={t('admin.rule_max_date')}
          value={field.maxDate ?? ''}
          onChange={(e) => setF({ maxDate: e.currentTarget.value || null })}
          error={errors[`${fp}.maxDate`]}
        />
        {compare('afterField')}
      </SimpleGrid>
    );
  return null;
}
