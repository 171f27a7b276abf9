import { Alert, Card, Divider, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { BUTTON_ANIMATIONS, BUTTON_SHAPES } from '@swipe/core/constants.ts';
import { CAMPAIGN_ITEM_TYPES, type CampaignItem, type CampaignItemSettings, campaignItemSchema } from '@swipe/core/site.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { type Campaign, ItemsBoard } from './campaign-board';
import { AddRowButton, ColorField, HtmlField, I18nInput, NumField, RemoveButton } from './fields';
import { LinkFields, type LinkType } from './link-fields';
import { MediaField } from './media-field';

/** Draggable campaign items: the board, then one card per item with every setting. */
export function CampaignItems({ cmp, set }: { cmp: Campaign; set: (fn: (c: Campaign) => void) => void }) {
  const t = useT();
  const { errors, canScripts, lang } = useEditor();
  const setItem = (i: number, fn: (it: CampaignItem) => void) =>
    set((c) => {
      const it = c.buttons[i];
      if (it) fn(it);
    });
  const setS = (i: number, patch: Partial<CampaignItemSettings>) => setItem(i, (it) => Object.assign(it.settings, patch));
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {t('admin.campaign_items')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('admin.campaign_items_help')}
      </Text>
      {cmp.buttons.length > 0 && (
        <ItemsBoard
          cmp={cmp}
          onMove={(i, left, top) =>
            setItem(i, (it) => {
              it.pos = { left, top };
            })
          }
        />
      )}
      {cmp.buttons.map((it, i) => {
        const p = `campaign.buttons.${i}`;
        const e = (k: string) => errors[`${p}.${k}`];
        const s = it.settings;
        const image = it.type === 'IMAGE';
        return (
          <Card key={i} withBorder padding="sm" data-testid="campaign-item-card">
            <Stack gap="xs">
              <Group justify="space-between">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {t('admin.campaign_item')} {i + 1}
                  </Text>
                  {it.clickCount !== undefined && (
                    <Text size="xs" c="dimmed">
                      {t('admin.item_clicks', { n: it.clickCount })}
                    </Text>
                  )}
                </Group>
                <RemoveButton label={t('admin.remove')} onClick={() => set((c) => void c.buttons.splice(i, 1))} />
              </Group>
              <Group gap="lg" align="flex-end">
                <div>
                  <Text size="sm" fw={500} mb={4} id={`item-type-${i}`}>
                    {t('admin.item_type')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`item-type-${i}`}
                    value={it.type}
                    onChange={(v) =>
                      setItem(i, (x) => {
                        x.type = v as CampaignItem['type'];
                      })
                    }
                    data={CAMPAIGN_ITEM_TYPES.map((k) => ({
                      value: k,
                      label: t(`admin.item_type_${k.toLowerCase()}`),
                      disabled: k === 'HTML_BUTTON' && !canScripts && it.type !== 'HTML_BUTTON',
                    }))}
                  />
                </div>
                <div>
                  <Text size="sm" fw={500} mb={4} id={`item-side-${i}`}>
                    {t('admin.banner_side')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`item-side-${i}`}
                    value={it.side}
                    onChange={(v) =>
                      setItem(i, (x) => {
                        x.side = v as 'left' | 'right';
                      })
                    }
                    data={[
                      { value: 'left', label: t('admin.pos_left') },
                      { value: 'right', label: t('admin.pos_right') },
                    ]}
                  />
                </div>
              </Group>
              {(it.type === 'IMAGE' || it.type === 'MEDIA_BUTTON') && (
                <MediaField
                  label={t('admin.item_image')}
                  value={it.imageUrl}
                  onChange={(k, info) =>
                    setItem(i, (x) => {
                      x.imageUrl = k;
                      if (info?.width && info.height) {
                        x.settings.width = Math.min(info.width, 240);
                        x.settings.height = Math.max(1, Math.round((x.settings.width * info.height) / info.width));
                      }
                    })
                  }
                  compact
                  error={e('imageUrl')}
                />
              )}
              {it.type === 'BUTTON' && (
                <I18nInput
                  label={t('admin.button_text')}
                  value={s.text}
                  onChange={(v) => setS(i, { text: v })}
                  path={`${p}.settings.text`}
                />
              )}
              {it.type === 'HTML_BUTTON' && (
                <>
                  {!canScripts && (
                    <Alert color="gray" variant="light" py={6}>
                      <Text size="xs">{t('admin.script_needs_edit')}</Text>
                    </Alert>
                  )}
                  <HtmlField value={s.html} onChange={(html) => setS(i, { html })} error={e('settings.html')} />
                </>
              )}
              <Divider label={t('admin.size_position')} labelPosition="left" />
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
                <NumField
                  label={t('admin.item_pos_left')}
                  value={it.pos.left}
                  onChange={(v) =>
                    setItem(i, (x) => {
                      x.pos.left = v ?? 0;
                    })
                  }
                  min={0}
                  max={100}
                  decimals
                  error={e('pos.left')}
                />
                <NumField
                  label={t('admin.item_pos_top')}
                  value={it.pos.top}
                  onChange={(v) =>
                    setItem(i, (x) => {
                      x.pos.top = v ?? 0;
                    })
                  }
                  min={0}
                  max={100}
                  decimals
                  error={e('pos.top')}
                />
                <NumField
                  label={t('admin.width_px')}
                  value={s.width}
                  onChange={(v) => setS(i, { width: v ?? 1 })}
                  min={1}
                  max={2000}
                  error={e('settings.width')}
                />
                <NumField
                  label={t('admin.height_px')}
                  value={s.height}
                  onChange={(v) => setS(i, { height: v ?? 1 })}
                  min={1}
                  max={2000}
                  error={e('settings.height')}
                />
                <NumField
                  label={t('admin.z_order')}
                  value={s.zIndex}
                  onChange={(v) => setS(i, { zIndex: v ?? 1 })}
                  min={0}
                  max={1000}
                  error={e('settings.zIndex')}
                />
              </SimpleGrid>
              {!image && (
                <>
                  <Divider label={t('admin.appearance')} labelPosition="left" />
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                    <Select
                      label={t('admin.animation')}
                      data={BUTTON_ANIMATIONS.map((a) => ({ value: a, label: t(`admin.anim_${a.toLowerCase()}`) }))}
                      value={s.buttonAnimation}
                      onChange={(v) => v && setS(i, { buttonAnimation: v as CampaignItemSettings['buttonAnimation'] })}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <Select
                      label={t('admin.shape')}
                      data={BUTTON_SHAPES.map((x) => ({ value: x, label: t(`admin.shape_${x.toLowerCase()}`) }))}
                      value={s.buttonShape}
                      onChange={(v) => v && setS(i, { buttonShape: v as CampaignItemSettings['buttonShape'] })}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                    />
                    <NumField
                      label={t('admin.text_size')}
                      value={s.textSize}
                      onChange={(v) => setS(i, { textSize: v ?? 14 })}
                      min={6}
                      max={120}
                      error={e('settings.textSize')}
                    />
                    <ColorField
                      label={t('admin.item_bg_color')}
                      value={s.bgColor}
                      onChange={(v) => setS(i, { bgColor: v })}
                      path={`${p}.settings.bgColor`}
                    />
                    <ColorField
                      label={t('admin.button_text_color')}
                      value={s.textColor}
                      onChange={(v) => setS(i, { textColor: v })}
                      path={`${p}.settings.textColor`}
                    />
                  </SimpleGrid>
                  <I18nInput
                    label={t('admin.microcopy')}
                    value={s.microcopyText}
                    onChange={(v) => setS(i, { microcopyText: v })}
                    path={`${p}.settings.microcopyText`}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <ColorField
                      label={t('admin.microcopy_color')}
                      value={s.microcopyTextColor}
                      onChange={(v) => setS(i, { microcopyTextColor: v })}
                      path={`${p}.settings.microcopyTextColor`}
                    />
                    <Select
                      label={t('admin.microcopy_position')}
                      data={['TOP', 'BOTTOM'].map((a) => ({ value: a, label: t(`admin.align_${a.toLowerCase()}`) }))}
                      value={s.microcopyPosition}
                      onChange={(v) => v && setS(i, { microcopyPosition: v as 'TOP' | 'BOTTOM' })}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                    />
                  </SimpleGrid>
                </>
              )}
              <Divider label={t('admin.item_cta')} labelPosition="left" />
              <LinkFields
                type={s.ctaType}
                value={s.ctaType === 'SURVEY' ? null : s.ctaValue}
                surveyId={s.ctaType === 'SURVEY' && s.ctaValue && /^\d+$/.test(s.ctaValue) ? Number(s.ctaValue) : null}
                onType={(v) => setS(i, { ctaType: v as LinkType | null })}
                onValue={(v) => setS(i, { ctaValue: v })}
                onSurvey={(v) => setS(i, { ctaValue: v === null ? null : String(v) })}
                error={e('settings.ctaValue') ?? e('settings.ctaType')}
              />
            </Stack>
          </Card>
        );
      })}
      <AddRowButton
        label={t('admin.add_campaign_item')}
        disabled={cmp.buttons.length >= 20}
        onClick={() =>
          set(
            (c) =>
              void c.buttons.push(
                campaignItemSchema.parse({
                  type: 'BUTTON',
                  side: 'left',
                  pos: { left: 5, top: 50 },
                  settings: {
                    width: 200,
                    height: 48,
                    text: { [lang]: t('admin.new_button_text') },
                    bgColor: '#c2410c',
                    textColor: '#ffffff',
                    buttonShape: 'PILL',
                  },
                }),
              ),
          )
        }
      />
    </Stack>
  );
}
