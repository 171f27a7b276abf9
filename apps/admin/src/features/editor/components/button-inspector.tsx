import { Alert, Button, Divider, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { BUTTON_ANIMATIONS, BUTTON_SHAPES } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { type Button as Btn, CANVAS, newButton } from '../model/doc';
import { binder, ColorField, HtmlField, I18nInput, ItemPicker, type PageItemProps, RemoveButton } from './fields';
import { LinkFields } from './link-fields';
import { MediaField } from './media-field';
import { buttonBox, moveButton, resizeButton } from './phone-canvas';

export function ButtonInspector({ c, r, path, index, onIndex }: PageItemProps) {
  const t = useT();
  const { doc, update, lang, errors, canScripts } = useEditor();
  const page = doc.categories[c]?.pages[r];
  if (!page) return null;
  const buttons = page.buttons;
  const i = index !== null && index < buttons.length ? index : null;
  const b = i !== null ? buttons[i] : undefined;
  const set = (patch: Partial<Btn>) =>
    update((d) => {
      const x = i !== null ? d.categories[c]?.pages[r]?.buttons[i] : undefined;
      if (x) Object.assign(x, patch);
    });
  const bp = `${path}.buttons.${i}`;
  const e = (k: string) => errors[`${bp}.${k}`];
  const zs = buttons.map((x) => x.zIndex);
  const bind = binder(b, set, bp);

  return (
    <Stack gap="sm">
      <ItemPicker
        labels={buttons.map((x) => x.buttonText[lang] || t(`admin.kind_${x.buttonType.toLowerCase()}`))}
        selected={i}
        invalid={(j) => Object.keys(errors).some((k) => k.startsWith(`${path}.buttons.${j}.`))}
        onSelect={onIndex}
        onAdd={() => {
          update((d) => {
            d.categories[c]?.pages[r]?.buttons.push(
              newButton('TEXT', lang, t('admin.new_button_text'), Math.min(1000, Math.max(0, ...zs) + 1)),
            );
          });
          onIndex(buttons.length);
        }}
        addLabel={t('admin.add_button')}
        emptyText={buttons.length ? t('admin.select_button') : t('admin.no_buttons')}
      />
      {b && i !== null && (
        <Stack gap="sm" data-testid="button-inspector">
          <Group justify="space-between">
            <SegmentedControl
              size="xs"
              value={b.buttonType}
              onChange={(v) => set({ buttonType: v as Btn['buttonType'] })}
              data={[
                { value: 'TEXT', label: t('admin.kind_text') },
                { value: 'MEDIA', label: t('admin.kind_media') },
                { value: 'HTML', label: t('admin.kind_html'), disabled: !canScripts && b.buttonType !== 'HTML' },
              ]}
              aria-label={t('admin.button_kind')}
            />
            <RemoveButton
              label={t('admin.delete_button')}
              onClick={() => {
                update((d) => {
                  d.categories[c]?.pages[r]?.buttons.splice(i, 1);
                });
                onIndex(null);
              }}
            />
          </Group>
          {b.buttonType === 'HTML' && !canScripts && (
            <Alert color="gray" variant="light" py={6}>
              <Text size="xs">{t('admin.script_needs_edit')}</Text>
            </Alert>
          )}
          {b.buttonType === 'TEXT' && (
            <I18nInput label={t('admin.button_text')} description={t('admin.dyn_text_hint')} {...bind('buttonText')} />
          )}
          {b.buttonType === 'MEDIA' && (
            <>
              <MediaField
                label={t('admin.button_media')}
                kind="both"
                value={b.buttonImageUrl}
                onChange={(k, info) => set({ buttonImageUrl: k, isVideo: info ? info.kind === 'video' : b.isVideo })}
                compact
                error={e('buttonImageUrl')}
              />
              {b.isVideo && (
                <MediaField label={t('admin.video_thumbnail')} value={b.thumbnailUrl} onChange={(k) => set({ thumbnailUrl: k })} compact />
              )}
            </>
          )}
          {b.buttonType === 'HTML' && (
            <HtmlField value={b.buttonContentHtml} onChange={(html) => set({ buttonContentHtml: html })} error={e('buttonContentHtml')} />
          )}
          <Divider label={t('admin.size_position')} labelPosition="left" />
          <SimpleGrid cols={2} spacing="xs">
            <NumberInput
              label={t('admin.width_px')}
              value={Math.round(buttonBox(b).w)}
              onChange={(v) => set(resizeButton(b, Number(v) || 16, b.lockAspectRatio ? 0 : buttonBox(b).h))}
              min={16}
              max={CANVAS.width}
              allowDecimal={false}
              error={e('buttonWidth')}
            />
            <NumberInput
              label={t('admin.height_px')}
              value={Math.round(buttonBox(b).h)}
              onChange={(v) => {
                const h = Number(v) || 16;
                const { w, h: h0 } = buttonBox(b);
                set(resizeButton(b, b.lockAspectRatio ? (w * h) / h0 : w, h));
              }}
              min={16}
              max={CANVAS.height}
              allowDecimal={false}
              error={e('buttonHeight')}
            />
            <NumberInput
              label={t('admin.pos_x')}
              value={b.buttonPositionX}
              onChange={(v) => set(moveButton(b, Number(v) || 0, b.buttonPositionY))}
              min={0}
              max={100}
              suffix="%"
              decimalScale={1}
            />
            <NumberInput
              label={t('admin.pos_y')}
              value={b.buttonPositionY}
              onChange={(v) => set(moveButton(b, b.buttonPositionX, Number(v) || 0))}
              min={0}
              max={100}
              suffix="%"
              decimalScale={1}
            />
          </SimpleGrid>
          <Switch
            label={t('admin.lock_aspect')}
            checked={b.lockAspectRatio}
            onChange={(ev) => set({ lockAspectRatio: ev.currentTarget.checked })}
          />
          <Group gap={6} align="center">
            <Text size="sm" fw={500}>
              {t('admin.z_order')}
            </Text>
            <Button size="compact-xs" variant="default" onClick={() => set({ zIndex: Math.min(1000, Math.max(...zs) + 1) })}>
              {t('admin.bring_front')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => set({ zIndex: Math.min(1000, b.zIndex + 1) })}>
              {t('admin.forward')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => set({ zIndex: Math.max(0, b.zIndex - 1) })}>
              {t('admin.backward')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => set({ zIndex: Math.max(0, Math.min(...zs) - 1) })}>
              {t('admin.send_back')}
            </Button>
            <Text size="xs" c="dimmed">
              z = {b.zIndex}
            </Text>
          </Group>
          <Divider label={t('admin.appearance')} labelPosition="left" />
          <SimpleGrid cols={2} spacing="xs">
            <Select
              label={t('admin.animation')}
              data={BUTTON_ANIMATIONS.map((a) => ({ value: a, label: t(`admin.anim_${a.toLowerCase()}`) }))}
              value={b.buttonAnimation}
              onChange={(v) => v && set({ buttonAnimation: v as Btn['buttonAnimation'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="button-animation"
            />
            <Select
              label={t('admin.shape')}
              data={BUTTON_SHAPES.map((s) => ({ value: s, label: t(`admin.shape_${s.toLowerCase()}`) }))}
              value={b.buttonShape}
              onChange={(v) => v && set({ buttonShape: v as Btn['buttonShape'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <ColorField label={t('admin.button_color')} {...bind('buttonColor')} />
            <ColorField label={t('admin.button_text_color')} {...bind('buttonTextColor')} />
            <NumberInput
              label={t('admin.text_size')}
              value={b.textSize}
              onChange={(v) => set({ textSize: Number(v) || 14 })}
              min={6}
              max={120}
              allowDecimal={false}
              error={e('textSize')}
            />
            <Select
              label={t('admin.text_align')}
              data={['LEFT', 'CENTER', 'RIGHT', 'TOP', 'BOTTOM'].map((a) => ({ value: a, label: t(`admin.align_${a.toLowerCase()}`) }))}
              value={b.textAlign}
              onChange={(v) => v && set({ textAlign: v as Btn['textAlign'] })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <I18nInput label={t('admin.microcopy')} description={t('admin.dyn_text_hint')} {...bind('microcopyText')} />
          <ColorField label={t('admin.microcopy_color')} {...bind('microcopyTextColor')} />
          <Divider label={t('admin.link')} labelPosition="left" />
          <LinkFields
            type={b.buttonLinkType}
            value={b.linkDestinationUrl}
            surveyId={b.linkedSurveyId}
            onType={(v) => set({ buttonLinkType: v })}
            onValue={(v) => set({ linkDestinationUrl: v })}
            onSurvey={(v) => set({ linkedSurveyId: v })}
            error={e('linkDestinationUrl') ?? e('buttonLinkType')}
          />
        </Stack>
      )}
    </Stack>
  );
}
