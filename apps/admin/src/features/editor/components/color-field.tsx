import { ColorInput } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';

const SWATCHES = ['#ffffff', '#000000', '#1976d2', '#2BAA50', '#99D52A', '#e03131', '#f08c00', '#7048e8', '#dd2476', '#495057'];

/**
 * Mantine's ColorInput hands no names to its picker's sliders (ColorPicker alone takes saturationLabel and hueLabel):
 * they are named once the dropdown is there, in the order it shows them (a screen reader would otherwise announce
 * two unnamed sliders; axe: aria-input-field-name). Only the open dropdown is in the page.
 */
function nameSliders(names: string[], frames = 10): void {
  requestAnimationFrame(() => {
    const sliders = document.querySelectorAll('.mantine-ColorInput-dropdown [role="slider"]');
    if (!sliders.length) {
      if (frames > 0) nameSliders(names, frames - 1);
      return;
    }
    sliders.forEach((el, i) => {
      const name = names[i];
      if (name && !el.hasAttribute('aria-label')) el.setAttribute('aria-label', name);
    });
  });
}

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
  return (
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
      popoverProps={{ withinPortal: true, onOpen: () => nameSliders([t('admin.color_saturation'), t('admin.color_hue')]) }}
      withEyeDropper={false}
    />
  );
}
