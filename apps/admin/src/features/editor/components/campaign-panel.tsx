import { Card, Group, MultiSelect, SegmentedControl, SimpleGrid, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { campaignBannerSchema, campaignSchema } from '@swipe/core/site.ts';
import { DateField } from '../../../components/date-field';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { type Doc, pageNumbers } from '../model/doc';
import { CampaignItems } from './campaign-items';
import { AddRowButton, ColorField, CountLabel, countLabelProps, NumField, RemoveButton } from './fields';
import { LinkFields, type LinkType } from './link-fields';
import { MediaField } from './media-field';
import { Section } from './section';

type Campaign = NonNullable<Doc['campaign']>;

export function CampaignPanel() {
  const t = useT();
  const { doc, update, lang, errors } = useEditor();
  const cmp = doc.campaign;
  const e = (k: string) => errors[`campaign.${k}`];
  const set = (fn: (c: Campaign) => void) =>
    update((d) => {
      if (d.campaign) fn(d.campaign);
    });
  return (
    <Stack maw={980}>
      <Section title={t('admin.section_campaign')} description={t('admin.campaign_help')}>
        <Switch
          label={t('admin.enabled')}
          checked={!!cmp}
          onChange={(ev) => {
            const on = ev.currentTarget.checked;
            update((d) => {
              d.campaign = on ? campaignSchema.parse({ backgroundColor: '#000000', backgroundOpacity: 0.6 }) : null;
            });
          }}
        />
        {cmp && (
          <Stack gap="sm">
            <TextInput
              label={
                <CountLabel
                  label={t('admin.campaign_name')}
                  extra={t(`admin.site_lang_${lang}`)}
                  length={(cmp.translations[lang]?.name ?? '').length}
                  max={LIMITS.text}
                />
              }
              labelProps={countLabelProps}
              value={cmp.translations[lang]?.name ?? ''}
              onChange={(ev) => {
                const v = ev.currentTarget.value;
                set((c) => {
                  c.translations[lang] = { name: v };
                });
              }}
              error={e(`translations.${lang}.name`)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <DateField
                label={t('admin.start_date')}
                value={cmp.startDate}
                onChange={(v) =>
                  set((c) => {
                    c.startDate = v;
                  })
                }
                error={e('startDate')}
              />
              <DateField
                label={t('admin.end_date')}
                value={cmp.endDate}
                onChange={(v) =>
                  set((c) => {
                    c.endDate = v;
                  })
                }
                error={e('endDate')}
              />
            </SimpleGrid>
            <MultiSelect
              label={t('admin.effective_pages')}
              description={t('admin.effective_pages_help')}
              data={pageNumbers(doc)}
              value={cmp.effectivePages.map(String)}
              onChange={(v) =>
                set((c) => {
                  c.effectivePages = v.map(Number).sort((a, b) => a - b);
                })
              }
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <MediaField
                label={t('admin.background_image')}
                value={cmp.background}
                onChange={(k) =>
                  set((c) => {
                    c.background = k;
                  })
                }
                compact
              />
              <ColorField
                label={t('admin.background_color')}
                value={cmp.backgroundColor}
                onChange={(v) =>
                  set((c) => {
                    c.backgroundColor = v;
                  })
                }
                path="campaign.backgroundColor"
              />
              <div>
                <Text size="sm" fw={500} id="cmp-opacity">
                  {t('admin.background_opacity')}: {Math.round(cmp.backgroundOpacity * 100)}%
                </Text>
                <Slider
                  aria-labelledby="cmp-opacity"
                  thumbLabel={t('admin.background_opacity')}
                  value={cmp.backgroundOpacity}
                  onChange={(v) =>
                    set((c) => {
                      c.backgroundOpacity = v;
                    })
                  }
                  min={0}
                  max={1}
                  step={0.05}
                  label={(v) => `${Math.round(v * 100)}%`}
                  mt={10}
                />
              </div>
            </SimpleGrid>
            <Group gap="lg">
              <div>
                <Text size="sm" fw={500} mb={4} id="cmp-pos">
                  {t('admin.campaign_position')}
                </Text>
                <SegmentedControl
                  aria-labelledby="cmp-pos"
                  value={cmp.positionLp}
                  onChange={(v) =>
                    set((c) => {
                      c.positionLp = v as Campaign['positionLp'];
                    })
                  }
                  data={['left', 'center', 'right'].map((x) => ({ value: x, label: t(`admin.pos_${x}`) }))}
                />
                <Text size="xs" c="dimmed" mt={4} maw={420}>
                  {t('admin.campaign_position_help')}
                </Text>
              </div>
              <Switch
                label={t('admin.count_clicks')}
                checked={cmp.isOnClickCount}
                onChange={(ev) =>
                  set((c) => {
                    c.isOnClickCount = ev.currentTarget.checked;
                  })
                }
                mt={22}
              />
            </Group>
            <Text fw={600} size="sm">
              {t('admin.banners')}
            </Text>
            {cmp.banners.map((b, i) => (
              <Card key={i} withBorder padding="sm">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text size="sm" fw={600}>
                      {t('admin.banner')} {i + 1}
                    </Text>
                    <RemoveButton label={t('admin.remove')} onClick={() => set((c) => void c.banners.splice(i, 1))} />
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <MediaField
                      label={t('admin.banner_image')}
                      value={b.mediaUrl}
                      onChange={(k, info) =>
                        set((c) => {
                          const x = c.banners[i];
                          if (!x) return;
                          x.mediaUrl = k ?? '';
                          if (info?.width && info.height) {
                            x.width = Math.min(info.width, 300);
                            x.height = Math.round((x.width * info.height) / info.width);
                          }
                        })
                      }
                      compact
                      error={e(`banners.${i}.mediaUrl`)}
                    />
                    <div>
                      <Text size="sm" fw={500} mb={4} id={`banner-side-${i}`}>
                        {t('admin.banner_side')}
                      </Text>
                      <SegmentedControl
                        aria-labelledby={`banner-side-${i}`}
                        value={b.side}
                        onChange={(v) =>
                          set((c) => {
                            (c.banners[i] as (typeof c.banners)[number]).side = v as 'left' | 'right';
                          })
                        }
                        data={[
                          { value: 'left', label: t('admin.pos_left') },
                          { value: 'right', label: t('admin.pos_right') },
                        ]}
                      />
                    </div>
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
                    <NumField
                      label={t('admin.width_px')}
                      value={b.width}
                      onChange={(v) =>
                        set((c) => {
                          (c.banners[i] as (typeof c.banners)[number]).width = v;
                        })
                      }
                      min={1}
                      max={2000}
                      allowEmpty
                    />
                    <NumField
                      label={t('admin.height_px')}
                      value={b.height}
                      onChange={(v) =>
                        set((c) => {
                          (c.banners[i] as (typeof c.banners)[number]).height = v;
                        })
                      }
                      min={1}
                      max={4000}
                      allowEmpty
                    />
                    <NumField
                      label={t('admin.pos_x')}
                      value={b.bannerX}
                      onChange={(v) =>
                        set((c) => {
                          (c.banners[i] as (typeof c.banners)[number]).bannerX = v ?? 0;
                        })
                      }
                    />
                    <NumField
                      label={t('admin.pos_y')}
                      value={b.bannerY}
                      onChange={(v) =>
                        set((c) => {
                          (c.banners[i] as (typeof c.banners)[number]).bannerY = v ?? 0;
                        })
                      }
                    />
                    <NumField
                      label="z"
                      value={b.zIndex}
                      onChange={(v) =>
                        set((c) => {
                          (c.banners[i] as (typeof c.banners)[number]).zIndex = v ?? 1;
                        })
                      }
                      min={0}
                      max={1000}
                    />
                  </SimpleGrid>
                  <Switch
                    label={t('admin.lock_aspect')}
                    checked={b.lockRatio}
                    onChange={(ev) =>
                      set((c) => {
                        (c.banners[i] as (typeof c.banners)[number]).lockRatio = ev.currentTarget.checked;
                      })
                    }
                  />
                  <LinkFields
                    types={['CREATIVE_BLOCK', 'INTERNAL_URL', 'EXTERNAL_URL', 'SCRIPT']}
                    type={b.linkDestinationType}
                    value={b.linkDestinationUrl}
                    onType={(v) =>
                      set((c) => {
                        const x = c.banners[i];
                        if (x) x.linkDestinationType = v as Exclude<LinkType, 'SURVEY'> | null;
                      })
                    }
                    onValue={(v) =>
                      set((c) => {
                        (c.banners[i] as (typeof c.banners)[number]).linkDestinationUrl = v;
                      })
                    }
                    error={e(`banners.${i}.linkDestinationUrl`)}
                  />
                </Stack>
              </Card>
            ))}
            <AddRowButton
              label={t('admin.add_banner')}
              disabled={cmp.banners.length >= 20}
              onClick={() => set((c) => void c.banners.push(campaignBannerSchema.parse({ mediaUrl: '', width: 120, height: 240 })))}
            />
            <CampaignItems cmp={cmp} set={set} />
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
