import { ColorInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';

const SWATCHES = ['#ffffff', '#000000', '#1976d2', '#2BAA50', '#99D52A', '#e03131', '#f08c00', '#7048e8', '#dd2476', '#495057'];

/**
 * Mantine's ColorInput hands no names to its picker's sliders (ColorPicker alone takes saturationLabel and hueLabel):
 * while a dropdown is open, its sliders are named in the order it shows them, again whenever they are drawn anew (a
 * screen reader would otherwise announce two unnamed sliders; axe: aria-input-field-name).
 */
function nameSliders(names: string[]): MutationObserver {
  // per dropdown: the one closing (its exit transition) and the one opening are both in the page for a moment
  const apply = () => {
    for (const dropdown of document.querySelectorAll('.mantine-ColorInput-dropdown'))
      dropdown.querySelectorAll('[role="slider"]').forEach((el, i) => {
        const name = names[i];
        if (name && el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
      });
  };
  const naming = new MutationObserver(apply);
  naming.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  apply();
  return naming;
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
  // this field's watch over its open dropdown (another field's may be closing while this one opens)
  const naming = useRef<MutationObserver | null>(null);
  const stopNaming = () => {
    naming.current?.disconnect();
    naming.current = null;
  };
  useEffect(() => stopNaming, []);
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
      popoverProps={{
        withinPortal: true,
        onOpen: () => {
          stopNaming();
          naming.current = nameSliders([t('admin.color_saturation'), t('admin.color_hue')]);
        },
        onClose: stopNaming,
      }}
      withEyeDropper={false}
    />
  );
}
