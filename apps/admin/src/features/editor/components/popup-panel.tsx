import { Alert, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { BUTTON_SHAPES } from '@swipe/core/constants.ts';
import { type PopupItem, popupItemSchema } from '@swipe/core/site.ts';
import { DateField } from '../../../components/date-field';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { pageNumbers } from '../model/doc';
import { ColorField, I18nInput, NumField } from './fields';
import { LinkFields } from './link-fields';
import { MediaField } from './media-field';
import { Section } from './section';

type Kind = 'timeLimit' | 'applicantLimit';

function PopupItemEditor({ kind }: { kind: Kind }) {
  const t = useT();
  const { doc, update, errors } = useEditor();
  const item = doc.popupCtas[kind];
  const p = `popupCtas.${kind}`;
  const e = (k: string) => errors[`${p}.${k}`];
  const set = (fn: (x: PopupItem) => void) =>
    update((d) => {
      const x = d.popupCtas[kind];
      if (x) fn(x);
    });
  return (
    <Section title={t(`admin.popup_${kind}`)} description={t(`admin.popup_${kind}_help`)}>
      <Switch
        label={t('admin.enabled')}
        checked={!!item}
        onChange={(ev) => {
          const on = ev.currentTarget.checked;
          update((d) => {
            d.popupCtas[kind] = on
              ? popupItemSchema.parse({
                  transition: { transitionType: 'EXTERNAL_URL' },
                  style: {
                    backgroundColor: '#ffffff',
                    textColor: '#222222',
                    textSize: 14,
                    shape: 'MODERATELY_ROUNDED_EDGE',
                    textAlignment: 'BOTTOM',
                  },
                  limit: kind === 'applicantLimit' ? 100 : null,
                })
              : null;
          });
        }}
      />
      {item && (
        <Stack gap="sm">
          <I18nInput
            label={t('admin.popup_text')}
            value={item.text}
            onChange={(v) =>
              set((x) => {
                x.text = v;
              })
            }
            path={`${p}.text`}
            max={120}
            multiline
          />
          <MediaField
            label={t('admin.popup_media')}
            kind="both"
            value={item.media?.url}
            onChange={(k, info) =>
              set((x) => {
                x.media = k
                  ? { url: k, type: info?.kind === 'video' ? 'VIDEO' : 'IMAGE', width: info?.width ?? null, height: info?.height ?? null }
                  : null;
              })
            }
            compact
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <DateField
              label={t('admin.start_date')}
              value={item.startDate}
              onChange={(v) =>
                set((x) => {
                  x.startDate = v;
                })
              }
              error={e('startDate')}
            />
            <DateField
              label={t('admin.end_date')}
              value={item.endDate}
              onChange={(v) =>
                set((x) => {
                  x.endDate = v;
                })
              }
              error={e('endDate')}
            />
          </SimpleGrid>
          {kind === 'applicantLimit' && (
            <NumField
              label={t('admin.applicant_limit')}
              value={item.limit}
              onChange={(v) =>
                set((x) => {
                  x.limit = v;
                })
              }
              min={1}
              max={999_999_999}
              allowEmpty
              error={e('limit')}
            />
          )}
          <Switch
            label={t(kind === 'timeLimit' ? 'admin.show_remaining_time' : 'admin.show_remaining_slots')}
            checked={kind === 'timeLimit' ? item.showRemainingTime : item.showRemainingSlots}
            onChange={(ev) => {
              const v = ev.currentTarget.checked;
              set((x) => {
                if (kind === 'timeLimit') x.showRemainingTime = v;
                else x.showRemainingSlots = v;
              });
            }}
          />
          <MultiSelect
            label={t('admin.effective_pages')}
            description={t('admin.effective_pages_help')}
            data={pageNumbers(doc)}
            value={item.effectivePages.map(String)}
            onChange={(v) =>
              set((x) => {
                x.effectivePages = v.map(Number).sort((a, b) => a - b);
              })
            }
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Text fw={600} size="sm">
            {t('admin.style')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            <ColorField
              label={t('admin.background_color')}
              value={item.style.backgroundColor}
              onChange={(v) =>
                set((x) => {
                  x.style.backgroundColor = v;
                })
              }
              path={`${p}.style.backgroundColor`}
            />
            <ColorField
              label={t('admin.text_color')}
              value={item.style.textColor}
              onChange={(v) =>
                set((x) => {
                  x.style.textColor = v;
                })
              }
              path={`${p}.style.textColor`}
            />
            <NumField
              label={t('admin.text_size')}
              value={item.style.textSize}
              onChange={(v) =>
                set((x) => {
                  x.style.textSize = v ?? 14;
                })
              }
              min={6}
              max={72}
            />
            <NumField
              label={t('admin.width_pct')}
              value={item.style.width}
              onChange={(v) =>
                set((x) => {
                  x.style.width = v;
                })
              }
              min={0}
              max={100}
              suffix="%"
              allowEmpty
            />
            <NumField
              label={t('admin.height_px')}
              value={item.style.height}
              onChange={(v) =>
                set((x) => {
                  x.style.height = v;
                })
              }
              min={0}
              max={1000}
              allowEmpty
            />
            <Select
              label={t('admin.shape')}
              data={BUTTON_SHAPES.map((s) => ({ value: s, label: t(`admin.shape_${s.toLowerCase()}`) }))}
              value={item.style.shape}
              onChange={(v) =>
                v &&
                set((x) => {
                  x.style.shape = v as PopupItem['style']['shape'];
                })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id={`${kind}-align`}>
              {t('admin.text_position')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${kind}-align`}
              value={item.style.textAlignment}
              onChange={(v) =>
                set((x) => {
                  x.style.textAlignment = v as 'TOP' | 'BOTTOM';
                })
              }
              data={[
                { value: 'TOP', label: t('admin.align_top') },
                { value: 'BOTTOM', label: t('admin.align_bottom') },
              ]}
            />
          </div>
          <Text fw={600} size="sm">
            {t('admin.link')}
          </Text>
          <LinkFields
            allowNone={false}
            type={item.transition.transitionType}
            value={
              item.transition.transitionType === 'EXTERNAL_URL'
                ? item.transition.externalLinkUrl
                : item.transition.transitionType === 'INTERNAL_URL'
                  ? item.transition.internalLinkType
                  : item.transition.transitionType === 'CREATIVE_BLOCK'
                    ? item.transition.targetCreativeBlock
                    : item.transition.script
            }
            surveyId={item.transition.linkedSurveyId}
            onType={(v) =>
              v &&
              set((x) => {
                x.transition = { transitionType: v };
              })
            }
            onValue={(v) =>
              set((x) => {
                const tr = x.transition;
                if (tr.transitionType === 'EXTERNAL_URL') tr.externalLinkUrl = v;
                else if (tr.transitionType === 'INTERNAL_URL') tr.internalLinkType = v as 'contact' | 'form' | 'membership' | null;
                else if (tr.transitionType === 'CREATIVE_BLOCK') tr.targetCreativeBlock = v;
                else if (tr.transitionType === 'SCRIPT') tr.script = v;
              })
            }
            onSurvey={(v) =>
              set((x) => {
                x.transition.linkedSurveyId = v;
              })
            }
            error={Object.entries(errors).find(([k]) => k.startsWith(`${p}.transition`))?.[1]}
          />
        </Stack>
      )}
    </Section>
  );
}

export function PopupPanel() {
  const t = useT();
  const { flags } = useEditor();
  return (
    <Stack maw={980}>
      {!(flags.settingPopupCta ?? true) && (
        <Alert color="gray" variant="light">
          {t('admin.plan_feature_missing')}
        </Alert>
      )}
      <PopupItemEditor kind="timeLimit" />
      <PopupItemEditor kind="applicantLimit" />
    </Stack>
  );
}
