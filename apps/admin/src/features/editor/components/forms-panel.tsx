import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { FIELD_TYPES, FORM_TYPES, type FormType, LIMITS } from '@swipe/core/constants.ts';
import { RULE_KEYS } from '@swipe/core/form-rules.ts';
import { formFieldSchema } from '@swipe/core/site.ts';
import { useState } from 'react';
import type { z } from 'zod';
import { IconPlus } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { AddRowButton, NumField, RowActions } from './fields';
import { FieldRules } from './form-field-rules';
import { Section } from './section';

type Field = z.output<typeof formFieldSchema>;
/** A new type starts without the rules of the old one (they would not fit it). */
const NO_RULES = Object.fromEntries(RULE_KEYS.map((k) => [k, null])) as Partial<Field>;

/** Default fields of each form (back-office.md 3). */
function defaults(type: FormType, t: (k: string) => string): Field[] {
  const f = (fieldKey: string, title: string, orderNum: number): Field =>
    formFieldSchema.parse({ fieldKey, typeForm: 'TEXT_BOX', title, required: true, orderNum });
  if (type === 'MEMBERSHIP_SETTING')
    return [
      f('email', t('admin.field_email'), 0),
      f('password', t('admin.password'), 1),
      f('confirmPassword', t('admin.confirm_password_short'), 2),
    ];
  return [f('email', t('admin.field_email'), 0), f('companyName', t('admin.field_company_name'), 1)];
}

function nextKey(fields: Field[]): string {
  let n = fields.length + 1;
  while (fields.some((f) => f.fieldKey === `field${n}`)) n += 1;
  return `field${n}`;
}

export function FormsPanel() {
  const t = useT();
  const { doc, update, lang, errors, flags } = useEditor();
  const [type, setType] = useState<FormType>('CONTACT_SETTING');
  const tr = doc.translations[lang];
  if (!tr) return null;
  const form = tr.forms[type];
  const p = `translations.${lang}.forms.${type}`;
  const edit = (fn: (f: NonNullable<typeof form>) => void) =>
    update((d) => {
      const x = d.translations[lang];
      if (!x) return;
      x.forms[type] ??= { destinationEmails: [], sendConfirmation: false, fields: defaults(type, t) };
      fn(x.forms[type] as NonNullable<typeof form>);
    });
  const fields = [...(form?.fields ?? [])].sort((a, b) => a.orderNum - b.orderNum);
  const renumber = (list: Field[]) => list.map((f, i) => ({ ...f, orderNum: i }));
  const move = (i: number, to: number) =>
    edit((f) => {
      const list = [...f.fields].sort((a, b) => a.orderNum - b.orderNum);
      const [x] = list.splice(i, 1);
      if (x) list.splice(to, 0, x);
      f.fields = renumber(list);
    });
  // field errors are reported by their index in the stored array
  const idxOf = (fld: Field) => form?.fields.indexOf(fld) ?? -1;

  return (
    <Stack maw={1040}>
      {!(flags.settingFormContact ?? true) && (
        <Alert color="gray" variant="light">
          {t('admin.plan_feature_missing')}
        </Alert>
      )}
      <SegmentedControl
        value={type}
        onChange={(v) => setType(v as FormType)}
        data={FORM_TYPES.map((f) => ({ value: f, label: t(`admin.form_${f.toLowerCase()}`) }))}
        aria-label={t('admin.form_type')}
        w="fit-content"
      />
      {type === 'CONTACT_SETTING' && (
        <Alert color="orange" variant="light" title={t('admin.contact_change_title')}>
          {t('admin.contact_change_warning')}
        </Alert>
      )}
      <Section title={`${t(`admin.form_${type.toLowerCase()}`)} · ${t(`admin.site_lang_${lang}`)}`}>
        {!form ? (
          <Stack align="flex-start" gap="xs">
            <Text size="sm" c="dimmed">
              {t('admin.form_not_set')}
            </Text>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => edit(() => undefined)}>
              {t('admin.form_start')}
            </Button>
          </Stack>
        ) : (
          <>
            <TagsInput
              label={t('admin.destination_emails')}
              description={t('admin.destination_emails_help')}
              value={form.destinationEmails}
              onChange={(v) =>
                edit((f) => {
                  f.destinationEmails = v.map((s) => s.trim()).filter(Boolean);
                })
              }
              maxTags={10}
              error={errors[`${p}.destinationEmails`] ?? Object.entries(errors).find(([k]) => k.startsWith(`${p}.destinationEmails.`))?.[1]}
              splitChars={[',', ' ', ';']}
              clearable
            />
            <Switch
              label={t('admin.send_confirmation')}
              checked={form.sendConfirmation}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                edit((f) => {
                  f.sendConfirmation = v;
                });
              }}
            />
            <Text fw={600} size="sm" mt="xs">
              {t('admin.form_fields')}
            </Text>
            {fields.map((fld, i) => {
              const fi = idxOf(fld);
              const fp = `${p}.fields.${fi}`;
              const setF = (patch: Partial<Field>) =>
                edit((f) => {
                  const x = f.fields[fi];
                  if (x) Object.assign(x, patch);
                });
              return (
                <Card key={`${fld.fieldKey}-${fi}`} withBorder padding="sm" radius="sm">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {i + 1}. {fld.title || fld.fieldKey}
                      </Text>
                      <Group gap={2}>
                        <RowActions
                          index={i}
                          count={fields.length}
                          onMove={(to) => move(i, to)}
                          onRemove={() =>
                            edit((f) => {
                              f.fields = renumber(f.fields.filter((_x, k) => k !== fi).sort((a, b) => a.orderNum - b.orderNum));
                            })
                          }
                        />
                      </Group>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
                      <TextInput
                        label={t('admin.field_title')}
                        value={fld.title}
                        onChange={(e) => setF({ title: e.currentTarget.value })}
                        error={errors[`${fp}.title`]}
                        maxLength={LIMITS.text}
                        required
                      />
                      <TextInput
                        label={t('admin.field_key')}
                        value={fld.fieldKey}
                        onChange={(e) => setF({ fieldKey: e.currentTarget.value })}
                        error={errors[`${fp}.fieldKey`]}
                        maxLength={40}
                      />
                      <Select
                        label={t('admin.field_type')}
                        data={FIELD_TYPES.map((x) => ({ value: x, label: t(`admin.field_type_${x.toLowerCase()}`) }))}
                        value={fld.typeForm}
                        onChange={(v) => v && setF({ typeForm: v as Field['typeForm'], ...NO_RULES })}
                        allowDeselect={false}
                        comboboxProps={{ withinPortal: true }}
                      />
                      <TextInput
                        label={t('admin.placeholder')}
                        value={fld.placeholder}
                        onChange={(e) => setF({ placeholder: e.currentTarget.value })}
                        maxLength={LIMITS.text}
                        error={errors[`${fp}.placeholder`]}
                      />
                    </SimpleGrid>
                    {(fld.typeForm === 'SELECT' || fld.typeForm === 'SELECT_OPTIONS') && (
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                        <TagsInput
                          label={fld.typeForm === 'SELECT' ? t('admin.dropdown_options') : t('admin.checkbox_options')}
                          value={fld.options}
                          onChange={(v) => setF({ options: v })}
                          maxTags={50}
                          error={errors[`${fp}.options`] ?? Object.entries(errors).find(([k]) => k.startsWith(`${fp}.options.`))?.[1]}
                        />
                        {fld.typeForm === 'SELECT' && (
                          <Select
                            label={t('admin.default_option')}
                            data={fld.options}
                            value={fld.defaultValue ?? null}
                            onChange={(v) => setF({ defaultValue: v })}
                            clearable
                            comboboxProps={{ withinPortal: true }}
                          />
                        )}
                      </SimpleGrid>
                    )}
                    {fld.typeForm === 'NUMBER' && (
                      <SimpleGrid cols={2} spacing="xs">
                        <NumField
                          label={t('admin.min_value')}
                          value={fld.minValue}
                          onChange={(v) => setF({ minValue: v })}
                          allowEmpty
                          decimals
                          error={errors[`${fp}.minValue`]}
                        />
                        <NumField
                          label={t('admin.max_value')}
                          value={fld.maxValue}
                          onChange={(v) => setF({ maxValue: v })}
                          allowEmpty
                          decimals
                          error={errors[`${fp}.maxValue`]}
                        />
                      </SimpleGrid>
                    )}
                    <FieldRules field={fld} fields={fields} fp={fp} errors={errors} setF={setF} />
                    <Switch
                      label={t('admin.required_field')}
                      checked={fld.required}
                      onChange={(e) => setF({ required: e.currentTarget.checked })}
                    />
                  </Stack>
                </Card>
              );
            })}
            <AddRowButton
              label={t('admin.add_field')}
              disabled={(form.fields.length ?? 0) >= 50}
              onClick={() =>
                edit((f) => {
                  f.fields.push(
                    formFieldSchema.parse({
                      fieldKey: nextKey(f.fields),
                      typeForm: 'TEXT_BOX',
                      title: t('admin.new_field'),
                      orderNum: f.fields.length,
                    }),
                  );
                })
              }
            />
          </>
        )}
      </Section>
    </Stack>
  );
}
