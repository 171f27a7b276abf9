import { ActionIcon, Button, Group, NumberInput, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import type { I18nText } from '../model/doc';

export { ColorField } from './color-field';

/**
 * A field label with its "n/max" counter on the right. Text fields are never cut at their limit: past it
 * the counter turns red and the document rule's message (core) shows until the text fits. A required field's
 * asterisk sits right after the label, on its line (Mantine's own would follow the full-width row, on a line of its
 * own): its input takes `required` with `withAsterisk={false}`.
 */
export function CountLabel({
  label,
  length,
  max,
  extra,
  required,
}: {
  label: string;
  length: number;
  max: number;
  extra?: string;
  required?: boolean;
}) {
  const over = length > max;
  return (
    <Group gap={6} component="span" wrap="nowrap" w="100%">
      <span>
        {label}
        {required && (
          <span aria-hidden="true" className="mantine-InputWrapper-required" style={{ color: 'var(--mantine-color-error)' }}>
            {' *'}
          </span>
        )}
      </span>
      {extra && (
        <Text span size="xs" c="dimmed" fw={400}>
          {extra}
        </Text>
      )}
      <Text span size="xs" c={over ? 'red.9' : 'dimmed'} fw={over ? 700 : 400} ml="auto" data-testid="text-counter">
        {length}/{max}
      </Text>
    </Group>
  );
}
export const countLabelProps = { style: { width: '100%' } };

/** A text kept per language ({ja, en, ...}); edits the language of the current tab. */
export function I18nInput({
  label,
  value,
  onChange,
  path,
  max = LIMITS.text,
  multiline = false,
  description,
  placeholder,
  required,
}: {
  label: string;
  value: I18nText | undefined;
  onChange: (v: I18nText) => void;
  path: string;
  max?: number;
  multiline?: boolean;
  description?: string;
  placeholder?: string;
  required?: boolean;
}) {
  const { lang, errors } = useEditor();
  const t = useT();
  const v = value?.[lang] ?? '';
  const set = (s: string) => {
    const next = { ...(value ?? {}) };
    if (s === '') delete next[lang];
    else next[lang] = s;
    onChange(next);
  };
  const common = {
    label: <CountLabel label={label} length={v.length} max={max} extra={t(`admin.site_lang_${lang}`)} required={required} />,
    labelProps: countLabelProps,
    description,
    placeholder,
    required,
    withAsterisk: false,
    value: v,
    // the length rule is the document schema's (core), so the message is the same one the server gives
    error: errors[`${path}.${lang}`],
  };
  return multiline ? (
    <Textarea {...common} autosize minRows={2} maxRows={6} onChange={(e) => set(e.currentTarget.value)} />
  ) : (
    <TextInput {...common} onChange={(e) => set(e.currentTarget.value)} />
  );
}

/** A text field with a live "n / max" counter (SEO). */
export function CountedInput({
  label,
  value,
  onChange,
  max,
  error,
  multiline,
  disabled,
  description,
  mono,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  max: number;
  error?: string;
  multiline?: boolean;
  disabled?: boolean;
  description?: string;
  mono?: boolean;
}) {
  const over = value.length > max;
  const counter = (
    <Text size="xs" c={over ? 'red.9' : 'dimmed'} aria-live="polite">
      {value.length.toLocaleString()} / {max.toLocaleString()}
    </Text>
  );
  const props = {
    label: (
      <Group justify="space-between" w="100%" component="span" wrap="nowrap">
        <span>{label}</span>
        {counter}
      </Group>
    ),
    labelProps: { style: { width: '100%' } },
    value,
    error,
    disabled,
    description,
    styles: mono ? { input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } } : undefined,
  };
  return multiline ? (
    <Textarea {...props} autosize minRows={3} maxRows={12} onChange={(e) => onChange(e.currentTarget.value)} />
  ) : (
    <TextInput {...props} onChange={(e) => onChange(e.currentTarget.value)} />
  );
}

export function NumField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  suffix,
  step,
  decimals,
  description,
  allowEmpty,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  min?: number;
  max?: number;
  error?: string;
  suffix?: string;
  step?: number;
  decimals?: boolean;
  description?: string;
  allowEmpty?: boolean;
}) {
  return (
    <NumberInput
      label={label}
      value={value ?? ''}
      onChange={(v) => {
        if (v === '' || v === undefined) return onChange(allowEmpty ? null : (min ?? 0));
        onChange(Number(v));
      }}
      min={min}
      max={max}
      step={step}
      allowDecimal={decimals ?? false}
      clampBehavior="blur"
      error={error}
      suffix={suffix}
      description={description}
    />
  );
}

/** Binds a field of one item to an editor input: its value, a setter that patches the item, and its error path. */
export function binder<T extends object>(item: T | undefined, set: (patch: Partial<T>) => void, base: string) {
  return <K extends keyof T & string>(key: K) => ({
    value: item?.[key],
    onChange: (v: T[K]) => {
      const patch: Partial<T> = {};
      patch[key] = v;
      set(patch);
    },
    path: `${base}.${key}`,
  });
}

/** Which item of a page (button, product) an inspector edits. */
export type PageItemProps = {
  c: number;
  r: number;
  path: string;
  index: number | null;
  onIndex: (i: number | null) => void;
};

/** The numbered items of a page as compact buttons, an add button, and a hint while none is selected. */
export function ItemPicker({
  labels,
  selected,
  invalid,
  color,
  onSelect,
  onAdd,
  addLabel,
  emptyText,
}: {
  labels: string[];
  selected: number | null;
  invalid: (j: number) => boolean;
  color?: string;
  onSelect: (j: number) => void;
  onAdd: () => void;
  addLabel: string;
  emptyText: string;
}) {
  return (
    <>
      <Group gap={6} wrap="wrap">
        {labels.map((label, j) => (
          <Button
            key={j}
            size="compact-xs"
            // shade 9 under the white label of the selected item: shade 7 of teal or red fails AA contrast (axe)
            color={invalid(j) ? 'red.9' : color ? `${color}.9` : undefined}
            variant={j === selected ? 'filled' : 'default'}
            onClick={() => onSelect(j)}
          >
            {j + 1}. {label.slice(0, 14)}
          </Button>
        ))}
        <Button size="compact-xs" variant="subtle" color={color} leftSection={<IconPlus size={12} />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {selected === null && (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      )}
    </>
  );
}

/** A red trash icon with a tooltip; the tooltip text is also its accessible name. */
export function RemoveButton({ label, onClick, mt }: { label: string; onClick: () => void; mt?: number }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="red" mt={mt} aria-label={label} onClick={onClick}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Move up / move down / remove for the row at `index` of a list of `count`. */
export function RowActions({
  index,
  count,
  onMove,
  onRemove,
  removeLabel,
  mt,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  removeLabel?: string;
  mt?: number;
}) {
  const t = useT();
  return (
    <>
      <Tooltip label={t('admin.move_up')} withArrow>
        <ActionIcon variant="subtle" mt={mt} disabled={index === 0} aria-label={t('admin.move_up')} onClick={() => onMove(index - 1)}>
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('admin.move_down')} withArrow>
        <ActionIcon
          variant="subtle"
          mt={mt}
          disabled={index === count - 1}
          aria-label={t('admin.move_down')}
          onClick={() => onMove(index + 1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
      <RemoveButton label={removeLabel ?? t('admin.remove')} onClick={onRemove} mt={mt} />
    </>
  );
}

/** The "add a row" button under a list. */
export function AddRowButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Group>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

/** An operator HTML snippet (HTML buttons and campaign items): monospace, edit-authority accounts only. */
export function HtmlField({
  value,
  onChange,
  error,
}: {
  value: string | null | undefined;
  onChange: (html: string) => void;
  error?: string;
}) {
  const t = useT();
  const { canScripts } = useEditor();
  return (
    <Textarea
      label={t('admin.button_html')}
      value={value ?? ''}
      onChange={(ev) => onChange(ev.currentTarget.value)}
      disabled={!canScripts}
      description={t('admin.html_button_note')}
      autosize
      minRows={3}
      maxRows={10}
      maxLength={20000}
      styles={{ input: { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 } }}
      error={error}
    />
  );
}
