import { ColorInput } from '@mantine/core';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';

const SWATCHES = ['#ffffff', '#000000', '#1976d2', '#2BAA50', '#99D52A', '#e03131', '#f08c00', '#7048e8', '#dd2476', '#495057'];

/** Colour code as the rules accept it (hex, rgb(a), hsl(a)); empty means "default". */
export function ColorField({
  label,
  value,
  onChange,
  path,
  swatches,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (v: string | null) => void;
  path: string;
  swatches?: string[];
}) {
  const { errors } = useEditor();
  const t = useT();
  // Mantine's ColorInput hands no names to its picker's two sliders (ColorPicker alone takes saturationLabel and
  // hueLabel): they point at two hidden names of this field instead, set as they are drawn, so a dropdown opening or
  // closing never shows an unnamed slider (axe: aria-input-field-name).
  const id = useId();
  return (
    <>
      <span hidden id={`${id}-s`}>
        {t('admin.color_saturation')}
      </span>
      <span hidden id={`${id}-h`}>
        {t('admin.color_hue')}
      </span>
      <ColorInput
        label={label}
        value={value ?? ''}
        onChange={(v) => onChange(v === '' ? null : v)}
        // What the operator typed stays (never silently reverted on blur); the rule's message shows until it is fixed.
        fixOnBlur={false}
        format="hex"
        swatches={swatches ?? SWATCHES}
        swatchesPerRow={10}
        error={errors[path]}
        popoverProps={{ withinPortal: true }}
        attributes={{ saturation: { 'aria-labelledby': `${id}-s` }, slider: { 'aria-labelledby': `${id}-h` } }}
        withEyeDropper={false}
      />
    </>
  );
}
