import { Alert, Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { columnToLetters } from '@swipe/core/cell.ts';
import { LIMITS, MAX_COLUMNS } from '@swipe/core/constants.ts';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { allFilled, changeLayout, noneFilled } from '../model/doc';
import { ColorField, CountLabel, countLabelProps } from './fields';
import { MediaField } from './media-field';
import { Section } from './section';

export function BasicPanel() {
  const t = useT();
  const { doc, update, replace, errors, lang, maxCreatives } = useEditor();
  const [cols, setCols] = useState<number | string>(doc.numberHorizontal);
  const [rows, setRows] = useState<number | string>(doc.numberVertical);
  // The layout may change when every creative is filled, or none is (nothing can be lost).
  const filled = allFilled(doc) || noneFilled(doc);
  const nc = Number(cols) || 0;
  const nr = Number(rows) || 0;
  const changed = nc !== doc.numberHorizontal || nr !== doc.numberVertical;
  const overLimit = nc * nr > maxCreatives;
  const menu = doc.translations[lang]?.globalMenu ?? [];

  const applyLayout = () =>
    modals.openConfirmModal({
      title: t('admin.layout_change_title'),
      children: <Text size="sm">{t('admin.layout_change_body', { cols: nc, rows: nr })}</Text>,
      labels: { confirm: t('admin.layout_change_confirm'), cancel: t('admin.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () => replace(changeLayout(doc, nc, nr)),
    });

  const flags = [
    ['displayLanguageIcon', 'flag_language_icon'],
    ['displayGlobalMenu', 'flag_global_menu'],
    ['displayPageCount', 'flag_page_count'],
    ['displayAlbum', 'flag_album'],
    ['swipeRedirection', 'flag_swipe_redirection'],
  ] as const;

  return (
    <Stack gap="md" maw={980}>
      <Section title={t('admin.section_basic')}>
        <TextInput
          label={<CountLabel label={t('admin.site_name')} length={doc.name.length} max={LIMITS.text} required />}
          labelProps={countLabelProps}
          value={doc.name}
          onChange={(e) => {
            const v = e.currentTarget.value;
            update((d) => {
              d.name = v;
            });
          }}
          error={errors.name}
          required
          withAsterisk={false}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('admin.layout')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('admin.layout_help', { max: maxCreatives })}
          </Text>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t('admin.columns')}
              value={cols}
              onChange={setCols}
              min={1}
              max={MAX_COLUMNS}
              allowDecimal={false}
              w={170}
              disabled={!filled}
            />
            <NumberInput
              label={t('admin.rows')}
              value={rows}
              onChange={setRows}
              min={1}
              max={100}
              allowDecimal={false}
              w={170}
              disabled={!filled}
            />
            <Button variant="light" disabled={!filled || !changed || overLimit || nc < 1 || nr < 1} onClick={applyLayout}>
              {t('admin.apply_layout')}
            </Button>
          </Group>
          <Text size="xs" mt={6} c={overLimit ? 'red.9' : 'dimmed'}>
            {t('admin.creative_limit', { count: nc * nr, max: maxCreatives })}
          </Text>
          {!filled && (
            <Alert variant="light" color="gray" mt="xs" py={6}>
              <Text size="xs">{t('admin.layout_locked')}</Text>
            </Alert>
          )}
          {(errors.numberVertical || errors.numberHorizontal) && (
            <Text size="xs" c="red.9" mt={4}>
              {errors.numberVertical ?? errors.numberHorizontal}
            </Text>
          )}
        </div>
      </Section>

      <Section title={t('admin.global_menu')} description={t('admin.global_menu_help')}>
        {errors[`translations.${lang}.globalMenu`] && (
          <Text size="xs" c="red.9">
            {errors[`translations.${lang}.globalMenu`]}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {menu.map((item, i) => (
            <TextInput
              key={i}
              label={
                <CountLabel
                  label={t('admin.menu_item_for', { column: columnToLetters(i + 1) })}
                  extra={t(`admin.site_lang_${lang}`)}
                  length={item.length}
                  max={LIMITS.text}
                  required
                />
              }
              labelProps={countLabelProps}
              value={item}
              onChange={(e) => {
                const v = e.currentTarget.value;
                update((d) => {
                  const tr = d.translations[lang];
                  if (tr) tr.globalMenu[i] = v;
                });
              }}
              error={errors[`translations.${lang}.globalMenu.${i}`]}
              required
              withAsterisk={false}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorField
            label={t('admin.menu_text_color')}
            value={doc.globalMenuTextColor}
            onChange={(v) =>
              update((d) => {
                d.globalMenuTextColor = v;
              })
            }
            path="globalMenuTextColor"
          />
          <ColorField
            label={t('admin.menu_background_color')}
            value={doc.globalMenuBackgroundColor}
            onChange={(v) =>
              update((d) => {
                d.globalMenuBackgroundColor = v;
              })
            }
            path="globalMenuBackgroundColor"
          />
          <ColorField
            label={t('admin.speaker_color')}
            value={doc.speakerColor}
            onChange={(v) =>
              update((d) => {
                d.speakerColor = v;
              })
            }
            path="speakerColor"
          />
        </SimpleGrid>
      </Section>

      <Section title={t('admin.logo_favicon')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <MediaField
              label={t('admin.logo')}
              hint={t('admin.recommended_size', { size: '250 × 150' })}
              value={doc.logoSetting.url}
              logo
              onChange={(k) =>
                update((d) => {
                  d.logoSetting.url = k;
                })
              }
              error={errors['logoSetting.url']}
            />
            <TextInput
              label={t('admin.logo_link')}
              placeholder="https://"
              value={doc.logoSetting.linkUrl ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                update((d) => {
                  d.logoSetting.linkUrl = v;
                });
              }}
              error={errors['logoSetting.linkUrl']}
              maxLength={LIMITS.linkUrl}
            />
          </Stack>
          <MediaField
            label={t('admin.favicon')}
            hint={t('admin.recommended_size', { size: '256 × 256' })}
            value={doc.faviconSetting.url}
            logo
            onChange={(k) =>
              update((d) => {
                d.faviconSetting.url = k;
              })
            }
            error={errors['faviconSetting.url']}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('admin.display')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {flags.map(([key, label]) => (
            <Switch
              key={key}
              label={t(`admin.${label}`)}
              description={key === 'swipeRedirection' ? t('admin.flag_swipe_redirection_help') : undefined}
              checked={doc[key]}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                update((d) => {
                  d[key] = v;
                });
              }}
            />
          ))}
        </SimpleGrid>
        <div>
          <Text size="sm" fw={500} mb={4} id="view-mode-label">
            {t('admin.view_mode')}
          </Text>
          <SegmentedControl
            aria-labelledby="view-mode-label"
            value={doc.viewMode}
            onChange={(v) =>
              update((d) => {
                d.viewMode = v as 'MOBILE' | 'PC';
              })
            }
            data={[
              { value: 'MOBILE', label: t('admin.view_mobile') },
              { value: 'PC', label: t('admin.view_pc') },
            ]}
          />
        </div>
      </Section>
    </Stack>
  );
}
