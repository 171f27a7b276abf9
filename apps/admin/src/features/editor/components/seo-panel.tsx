import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { CountedInput } from './fields';
import { Section } from './section';

export function SeoPanel() {
  const t = useT();
  const { doc, update, lang, errors, canScripts, flags } = useEditor();
  const seo = doc.translations[lang]?.seo;
  if (!seo) return null;
  const p = `translations.${lang}.seo`;
  const set = (k: keyof typeof seo, v: string) =>
    update((d) => {
      const s = d.translations[lang]?.seo;
      if (s) s[k] = v;
    });
  const allowed = flags.settingTagSeo ?? true;
  return (
    <Stack gap="md" maw={980}>
      {!allowed && (
        <Alert color="gray" variant="light">
          {t('admin.plan_feature_missing')}
        </Alert>
      )}
      <Section title={`${t('admin.section_seo')} · ${t(`admin.site_lang_${lang}`)}`} description={t('admin.seo_help')}>
        <CountedInput
          label={t('admin.seo_title')}
          value={seo.title}
          onChange={(v) => set('title', v)}
          max={LIMITS.seoTitle}
          error={errors[`${p}.title`]}
          disabled={!allowed}
        />
        <CountedInput
          label={t('admin.seo_h1')}
          value={seo.h1}
          onChange={(v) => set('h1', v)}
          max={LIMITS.seoH1}
          error={errors[`${p}.h1`]}
          disabled={!allowed}
        />
        <CountedInput
          label={t('admin.seo_description')}
          value={seo.description}
          onChange={(v) => set('description', v)}
          max={LIMITS.seoDescription}
          error={errors[`${p}.description`]}
          multiline
          disabled={!allowed}
        />
      </Section>
      <Section title={t('admin.tags_scripts')} description={canScripts ? t('admin.script_audit_note') : t('admin.script_needs_edit')}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CountedInput
            label={t('admin.head_tags')}
            value={seo.headTags}
            onChange={(v) => set('headTags', v)}
            max={LIMITS.seoTags}
            error={errors[`${p}.headTags`]}
            multiline
            mono
            disabled={!canScripts || !allowed}
          />
          <CountedInput
            label={t('admin.body_script')}
            description={t('admin.body_script_rule')}
            value={seo.body}
            onChange={(v) => set('body', v)}
            max={LIMITS.seoTags}
            error={errors[`${p}.body`]}
            multiline
            mono
            disabled={!canScripts || !allowed}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('admin.scripts_sites_origin')}
        </Text>
      </Section>
    </Stack>
  );
}
