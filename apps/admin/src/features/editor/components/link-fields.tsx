import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { creativeBlockCell } from '@swipe/core/address.ts';
import { INTERNAL_LINK_TYPES, LIMITS } from '@swipe/core/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { surveyChoicesQuery } from '../../../components/survey-responses';
import { textIn } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
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
      {current === 'SURVEY' && onSurvey && <SurveyPicker value={surveyId} onChange={onSurvey} error={error} />}
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

/** The surveys the site's owner may link from this site (the server refuses any other on save). */
function SurveyPicker({
  value,
  onChange,
  error,
}: {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const t = useT();
  const lang = useLang();
  const { siteId } = useEditor();
  const choices = useQuery(surveyChoicesQuery(siteId));
  const items = choices.data?.items ?? [];
  const data = items.map((x) => ({
    value: String(x.id),
    label: `${textIn(x.title, lang) || `#${x.id}`}${x.status === 'INACTIVE' ? ` (${t('admin.survey_status_inactive')})` : ''}`,
  }));
  // a linked survey that is no longer among the choices stays visible (the save will say why it is refused)
  if (value && !items.some((x) => x.id === value)) data.push({ value: String(value), label: `#${value}` });
  return (
    <Select
      label={t('admin.survey_picker_label')}
      placeholder={choices.isPending ? t('admin.survey_picker_loading') : t('admin.survey_picker_choose')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('admin.survey_picker_none')}
      searchable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
