import { NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { creativeBlockCell } from '@swipe/core/address.ts';
import { INTERNAL_LINK_TYPES, LIMITS } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { allCells } from '../model/doc';

export type LinkType = 'CREATIVE_BLOCK' | 'INTERNAL_URL' | 'SURVEY' | 'EXTERNAL_URL' | 'SCRIPT';

/**
 * Where a button, banner or popup goes. The value lives in one field: a cell reference for a creative
 * block, contact/form/membership for an internal page, a URL, or a script (edit authority only).
 */
export function LinkFields({
  type,
  value,
  surveyId,
  onType,
  onValue,
  onSurvey,
  types = ['CREATIVE_BLOCK', 'INTERNAL_URL', 'EXTERNAL_URL', 'SURVEY', 'SCRIPT'],
  error,
  allowNone = true,
}: {
  type: LinkType | 'LINK_TO_PAGE' | null | undefined;
  value: string | null | undefined;
  surveyId?: number | null;
  onType: (t: LinkType | null) => void;
  onValue: (v: string | null) => void;
  onSurvey?: (id: number | null) => void;
  types?: LinkType[];
  error?: string;
  allowNone?: boolean;
}) {
  const t = useT();
  const { doc, canScripts } = useEditor();
  const current = type === 'LINK_TO_PAGE' ? 'CREATIVE_BLOCK' : type;
  const data = [
    ...(allowNone ? [{ value: '', label: t('admin.link_none') }] : []),
    ...types.map((x) => ({ value: x, label: t(`admin.link_${x.toLowerCase()}`), disabled: x === 'SCRIPT' && !canScripts })),
  ];
  return (
    <Stack gap="xs">
      <Select
        label={t('admin.link_type')}
        data={data}
        value={current ?? ''}
        onChange={(v) => {
          onType(v ? (v as LinkType) : null);
          onValue(null);
        }}
        allowDeselect={false}
        description={!canScripts && types.includes('SCRIPT') ? t('admin.script_needs_edit') : undefined}
        comboboxProps={{ withinPortal: true }}
      />
      {current === 'CREATIVE_BLOCK' && (
        <Select
          label={t('admin.link_target_cell')}
          data={allCells(doc)}
          value={creativeBlockCell(value, doc.numberHorizontal, doc.numberVertical)}
          onChange={onValue}
          searchable
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {current === 'INTERNAL_URL' && (
        <Select
          label={t('admin.link_internal_page')}
          data={INTERNAL_LINK_TYPES.map((x) => ({ value: x, label: t(`admin.internal_${x}`) }))}
          value={value ?? null}
          onChange={onValue}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {current === 'EXTERNAL_URL' && (
        <TextInput
          label={t('admin.link_url')}
          placeholder="https://"
          value={value ?? ''}
          onChange={(e) => onValue(e.currentTarget.value || null)}
          maxLength={LIMITS.linkUrl}
          error={error}
        />
      )}
      {current === 'SURVEY' && onSurvey && (
        <NumberInput
          label={t('admin.link_survey_id')}
          value={surveyId ?? ''}
          onChange={(v) => onSurvey(v === '' ? null : Number(v))}
          min={1}
          allowDecimal={false}
          error={error}
        />
      )}
      {current === 'SCRIPT' && (
        <Textarea
          label={t('admin.link_script')}
          value={value ?? ''}
          onChange={(e) => onValue(e.currentTarget.value || null)}
          disabled={!canScripts}
          maxLength={LIMITS.linkUrl}
          autosize
          minRows={2}
          styles={{ input: { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 } }}
          description={canScripts ? t('admin.script_audit_note') : t('admin.script_needs_edit')}
          error={error}
        />
      )}
    </Stack>
  );
}
