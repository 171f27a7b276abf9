import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS, SNS_TYPES } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { AddRowButton, RowActions } from './fields';
import { Section } from './section';

const MAX = 8;

export function SnsPanel() {
  const t = useT();
  const { doc, update, lang, errors } = useEditor();
  const list = doc.translations[lang]?.sns ?? [];
  const p = `translations.${lang}.sns`;
  const edit = (fn: (l: typeof list) => void) =>
    update((d) => {
      const tr = d.translations[lang];
      if (tr) fn(tr.sns);
    });
  return (
    <Stack maw={860}>
      <Section title={`${t('admin.section_sns')} · ${t(`admin.site_lang_${lang}`)}`} description={t('admin.sns_help', { max: MAX })}>
        {errors[p] && (
          <Text size="xs" c="red.9">
            {errors[p]}
          </Text>
        )}
        {list.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.sns_empty')}
          </Text>
        )}
        {list.map((s, i) => (
          <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
            <Select
              aria-label={t('admin.sns_type')}
              data={SNS_TYPES.map((x) => ({ value: x, label: t(`admin.sns_${x}`) }))}
              value={s.snsType}
              onChange={(v) =>
                v &&
                edit((l) => {
                  const x = l[i];
                  if (x) x.snsType = v as (typeof SNS_TYPES)[number];
                })
              }
              w={170}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              aria-label={t('admin.sns_url')}
              placeholder={s.snsType === 'phone_number' ? '03-1234-5678' : 'https://'}
              value={s.snsUrl}
              onChange={(e) => {
                const v = e.currentTarget.value;
                edit((l) => {
                  const x = l[i];
                  if (x) x.snsUrl = v;
                });
              }}
              error={errors[`${p}.${i}.snsUrl`]}
              maxLength={LIMITS.linkUrl}
              style={{ flex: 1 }}
            />
            <RowActions
              mt={4}
              index={i}
              count={list.length}
              onMove={(to) => edit((l) => l.splice(to, 0, ...l.splice(i, 1)))}
              onRemove={() => edit((l) => l.splice(i, 1))}
            />
          </Group>
        ))}
        <AddRowButton
          label={t('admin.add_sns')}
          disabled={list.length >= MAX}
          onClick={() => edit((l) => l.push({ snsType: 'instagram', snsUrl: '' }))}
        />
      </Section>
    </Stack>
  );
}
