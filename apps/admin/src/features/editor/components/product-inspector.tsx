import { ColorSwatch, Divider, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { textColorFor } from '@swipe/core/album.ts';
import { LIMITS, PRODUCT_PALETTE } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { newProduct, type Product } from '../model/doc';
import { binder, ColorField, I18nInput, ItemPicker, NumField, type PageItemProps, RowActions } from './fields';
import { MediaField } from './media-field';

/** Product hotspots of a page and the popup each one opens. */
export function ProductInspector({ c, r, path, index, onIndex }: PageItemProps) {
  const t = useT();
  const { doc, update, lang, errors } = useEditor();
  const page = doc.categories[c]?.pages[r];
  if (!page) return null;
  const products = page.products;
  const i = index !== null && index < products.length ? index : null;
  const p = i !== null ? products[i] : undefined;
  const pp = `${path}.products.${i}`;
  const e = (k: string) => errors[`${pp}.${k}`];
  const set = (patch: Partial<Product>) =>
    update((d) => {
      const x = i !== null ? d.categories[c]?.pages[r]?.products[i] : undefined;
      if (x) Object.assign(x, patch);
    });
  const bind = binder(p, set, pp);
  const moveTo = (to: number) => {
    if (i === null || to < 0 || to >= products.length) return;
    update((d) => {
      const list = d.categories[c]?.pages[r]?.products;
      if (!list) return;
      const [x] = list.splice(i, 1);
      if (x) list.splice(to, 0, x);
      list.forEach((y, k) => {
        y.order = k;
      });
    });
    onIndex(to);
  };

  return (
    <Stack gap="sm">
      <ItemPicker
        labels={products.map((x) => x.productName[lang] || t('admin.product'))}
        selected={i}
        invalid={(j) => Object.keys(errors).some((k) => k.startsWith(`${path}.products.${j}.`))}
        color="teal"
        onSelect={onIndex}
        onAdd={() => {
          update((d) => {
            d.categories[c]?.pages[r]?.products.push(newProduct(lang, t('admin.new_product_name'), products.length));
          });
          onIndex(products.length);
        }}
        addLabel={t('admin.add_product')}
        emptyText={products.length ? t('admin.select_product') : t('admin.no_products')}
      />
      {p && i !== null && (
        <Stack gap="sm" data-testid="product-inspector">
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {t('admin.product')} {i + 1}
            </Text>
            <Group gap={2}>
              <RowActions
                index={i}
                count={products.length}
                onMove={moveTo}
                removeLabel={t('admin.delete_product')}
                onRemove={() => {
                  update((d) => {
                    d.categories[c]?.pages[r]?.products.splice(i, 1);
                  });
                  onIndex(null);
                }}
              />
            </Group>
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <NumField
              label={t('admin.hotspot_x')}
              value={p.coordinateX}
              onChange={(v) => set({ coordinateX: v ?? 0 })}
              min={0}
              max={100}
              suffix="%"
              decimals
            />
            <NumField
              label={t('admin.hotspot_y')}
              value={p.coordinateY}
              onChange={(v) => set({ coordinateY: v ?? 0 })}
              min={0}
              max={100}
              suffix="%"
              decimals
            />
          </SimpleGrid>
          <Divider label={t('admin.product_popup')} labelPosition="left" />
          <I18nInput label={t('admin.product_name')} {...bind('productName')} />
          <MediaField
            label={t('admin.product_image')}
            value={p.imagePath}
            onChange={(k) => set({ imagePath: k })}
            compact
            error={e('imagePath')}
          />
          <NumField
            label={t('admin.price_tax_in')}
            value={p.price}
            onChange={(v) => set({ price: v })}
            min={0}
            max={1_000_000_000}
            allowEmpty
            error={e('price')}
          />
          <I18nInput label={t('admin.description')} {...bind('description')} max={1000} multiline />
          <I18nInput label={t('admin.product_button_text')} {...bind('linkButtonText')} />
          <Switch
            label={t('admin.internal_link')}
            checked={p.isInternalLink}
            onChange={(ev) => set({ isInternalLink: ev.currentTarget.checked })}
          />
          <TextInput
            label={t('admin.link_url')}
            placeholder="https://"
            value={p.linkButtonUrl ?? ''}
            onChange={(ev) => set({ linkButtonUrl: ev.currentTarget.value })}
            maxLength={LIMITS.linkUrl}
            error={e('linkButtonUrl')}
          />
          <ProductPalette
            value={p.linkButtonColor}
            onPick={(color) => set({ linkButtonColor: color, linkTextColor: textColorFor(color) })}
          />
          <SimpleGrid cols={2} spacing="xs">
            <ColorField label={t('admin.link_button_color')} {...bind('linkButtonColor')} swatches={[...PRODUCT_PALETTE]} />
            <ColorField label={t('admin.link_text_color')} {...bind('linkTextColor')} />
            <ColorField label={t('admin.text_color')} {...bind('textColor')} />
            <ColorField label={t('admin.background_color')} {...bind('backgroundColor')} />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

/** The product colour palette of five (viewer.md 9): one click sets the button colour and a readable text colour. */
function ProductPalette({ value, onPick }: { value: string | null | undefined; onPick: (color: string) => void }) {
  const t = useT();
  return (
    <div>
      <Text size="sm" fw={500} id="product-palette-label">
        {t('admin.product_palette')}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {t('admin.product_palette_help')}
      </Text>
      <Group gap={8} role="group" aria-labelledby="product-palette-label" data-testid="product-palette">
        {PRODUCT_PALETTE.map((color) => {
          const on = value?.toLowerCase() === color.toLowerCase();
          return (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={28}
              aria-label={t('admin.product_palette_pick', { color })}
              aria-pressed={on}
              onClick={() => onPick(color)}
              style={{ cursor: 'pointer', outline: on ? '2px solid var(--mantine-color-blue-7)' : undefined, outlineOffset: 2 }}
            >
              {on && (
                <Text span size="xs" fw={700} c={textColorFor(color)} aria-hidden>
                  ✓
                </Text>
              )}
            </ColorSwatch>
          );
        })}
      </Group>
    </div>
  );
}
