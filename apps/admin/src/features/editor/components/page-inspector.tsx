import { Divider, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import type { Page } from '../model/doc';
import { ColorField, I18nInput, NumField } from './fields';
import { MediaField } from './media-field';

/** Every page field of back-office.md 3 for the selected creative. */
export function PageInspector({ c, r, path }: { c: number; r: number; path: string }) {
  const t = useT();
  const { doc, update, errors, canScripts } = useEditor();
  const page = doc.categories[c]?.pages[r];
  if (!page) return null;
  const set = (patch: Partial<Page>) =>
    update((d) => {
      const p = d.categories[c]?.pages[r];
      if (p) Object.assign(p, patch);
    });
  const e = (k: string) => errors[`${path}.${k}`];
  return (
    <Stack gap="sm">
      <MediaField
        label={t('admin.creative_media')}
        hint={t('admin.creative_media_hint')}
        kind="both"
        value={page.imageUrl}
        onChange={(k, info) => set({ imageUrl: k, mediaType: info?.kind === 'video' ? 'VIDEO' : k ? page.mediaType : 'IMAGE' })}
        error={e('imageUrl')}
      />
      <I18nInput
        label={t('admin.image_alt')}
        value={page.imageAlt}
        onChange={(v) => set({ imageAlt: v })}
        path={`${path}.imageAlt`}
        max={200}
      />
      <Divider label={t('admin.main_text')} labelPosition="left" />
      <I18nInput
        label={t('admin.main_text')}
        value={page.mainText}
        onChange={(v) => set({ mainText: v })}
        path={`${path}.mainText`}
        max={200}
        multiline
        description={t('admin.dyn_text_hint')}
      />
      <SimpleGrid cols={3} spacing="xs">
        <ColorField
          label={t('admin.text_color')}
          value={page.mainTextColor}
          onChange={(v) => set({ mainTextColor: v })}
          path={`${path}.mainTextColor`}
        />
        <NumField
          label={t('admin.pos_x')}
          value={page.mainTextX}
          onChange={(v) => set({ mainTextX: v })}
          min={0}
          max={100}
          suffix="%"
          allowEmpty
          error={e('mainTextX')}
        />
        <NumField
          label={t('admin.pos_y')}
          value={page.mainTextY}
          onChange={(v) => set({ mainTextY: v })}
          min={0}
          max={100}
          suffix="%"
          allowEmpty
          error={e('mainTextY')}
        />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        <NumField
          label={t('admin.price_tax_in')}
          value={page.price}
          onChange={(v) => set({ price: v })}
          min={0}
          max={1_000_000_000}
          allowEmpty
          error={e('price')}
        />
        <ColorField
          label={t('admin.price_color')}
          value={page.priceTextColor}
          onChange={(v) => set({ priceTextColor: v })}
          path={`${path}.priceTextColor`}
        />
      </SimpleGrid>
      <Divider label={t('admin.link_button')} labelPosition="left" />
      <I18nInput
        label={t('admin.link_button_text')}
        value={page.linkButtonText}
        onChange={(v) => set({ linkButtonText: v })}
        path={`${path}.linkButtonText`}
        description={t('admin.dyn_text_hint')}
      />
      <Switch
        label={t('admin.internal_link')}
        checked={page.isInternalLink}
        onChange={(ev) => set({ isInternalLink: ev.currentTarget.checked, linkDestinationUrl: null })}
      />
      {page.isInternalLink ? (
        <SegmentedControl
          value={page.linkDestinationUrl ?? ''}
          onChange={(v) => set({ linkDestinationUrl: v })}
          data={['contact', 'form', 'membership'].map((x) => ({ value: x, label: t(`admin.internal_${x}`) }))}
          aria-label={t('admin.link_internal_page')}
        />
      ) : (
        <Textarea
          label={t('admin.link_url')}
          placeholder="https://"
          value={page.linkDestinationUrl ?? ''}
          onChange={(ev) => set({ linkDestinationUrl: ev.currentTarget.value || null })}
          maxLength={LIMITS.linkUrl}
          autosize
          minRows={1}
          error={e('linkDestinationUrl')}
        />
      )}
      <SimpleGrid cols={2} spacing="xs">
        <ColorField
          label={t('admin.link_button_color')}
          value={page.linkButtonColor}
          onChange={(v) => set({ linkButtonColor: v })}
          path={`${path}.linkButtonColor`}
        />
        <ColorField
          label={t('admin.link_text_color')}
          value={page.linkTextColor}
          onChange={(v) => set({ linkTextColor: v })}
          path={`${path}.linkTextColor`}
        />
      </SimpleGrid>
      <Divider label={t('admin.page_options')} labelPosition="left" />
      <Switch label={t('admin.sns_links')} checked={page.snsConfig} onChange={(ev) => set({ snsConfig: ev.currentTarget.checked })} />
      <Switch
        label={t('admin.company_overview')}
        checked={page.showCompany}
        onChange={(ev) => set({ showCompany: ev.currentTarget.checked })}
      />
      <Switch
        label={t('admin.members_only')}
        checked={page.membersOnlyLock}
        onChange={(ev) => set({ membersOnlyLock: ev.currentTarget.checked })}
      />
      <Group align="flex-end" gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id={`arrow-${c}-${r}`}>
            {t('admin.hover_arrow_color')}
          </Text>
          <SegmentedControl
            aria-labelledby={`arrow-${c}-${r}`}
            value={page.hoverArrowColor}
            onChange={(v) => set({ hoverArrowColor: v as 'white' | 'black' })}
            data={[
              { value: 'white', label: t('admin.white') },
              { value: 'black', label: t('admin.black') },
            ]}
          />
        </div>
        <NumberInput
          label={t('admin.arrow_fade')}
          value={page.arrowFadeInterval}
          onChange={(v) => set({ arrowFadeInterval: Number(v) || 0 })}
          min={0}
          max={60}
          suffix={t('admin.seconds_suffix')}
          w={130}
          allowDecimal={false}
          error={e('arrowFadeInterval')}
        />
        <NumField
          label={t('admin.time_setting')}
          value={page.timeSetting}
          onChange={(v) => set({ timeSetting: v })}
          min={0}
          max={3600}
          allowEmpty
          suffix={t('admin.seconds_suffix')}
          error={e('timeSetting')}
        />
      </Group>
      <Divider label={t('admin.background_music')} labelPosition="left" />
      <Switch
        label={t('admin.background_music')}
        checked={page.backgroundMusic}
        onChange={(ev) => set({ backgroundMusic: ev.currentTarget.checked })}
      />
      {page.backgroundMusic && (
        <>
          <MediaField
            label={t('admin.music_file')}
            kind="video"
            value={page.backgroundMusicUrl}
            onChange={(k) => set({ backgroundMusicUrl: k })}
            compact
          />
          <SimpleGrid cols={2} spacing="xs">
            <NumField
              label={t('admin.speaker_x')}
              value={page.speakerX}
              onChange={(v) => set({ speakerX: v })}
              min={0}
              max={100}
              suffix="%"
              allowEmpty
            />
            <NumField
              label={t('admin.speaker_y')}
              value={page.speakerY}
              onChange={(v) => set({ speakerY: v })}
              min={0}
              max={100}
              suffix="%"
              allowEmpty
            />
          </SimpleGrid>
        </>
      )}
      <Divider label={t('admin.chatbot_script')} labelPosition="left" />
      <Textarea
        label={t('admin.chatbot_script')}
        value={page.chatbotScript ?? ''}
        onChange={(ev) => set({ chatbotScript: ev.currentTarget.value || null })}
        disabled={!canScripts}
        description={canScripts ? t('admin.script_audit_note') : t('admin.script_needs_edit')}
        autosize
        minRows={2}
        maxRows={6}
        styles={{ input: { fontFamily: 'ui-monospace, Menlo, monospace', fontSize: 12 } }}
        error={e('chatbotScript')}
      />
    </Stack>
  );
}
