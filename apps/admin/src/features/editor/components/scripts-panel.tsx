import { Alert, Stack } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { CountedInput } from './fields';
import { Section } from './section';

export function ScriptsPanel() {
  const t = useT();
  const { doc, update, lang, errors, canScripts } = useEditor();
  const s = doc.translations[lang]?.scripts;
  if (!s) return null;
  const keys = ['contactScript', 'membershipScript', 'formScript'] as const;
  return (
    <Stack gap="md" maw={980}>
      {!canScripts && (
        <Alert color="gray" variant="light">
          {t('admin.script_needs_edit')}
        </Alert>
      )}
      <Section title={`${t('admin.section_scripts')} · ${t(`admin.site_lang_${lang}`)}`} description={t('admin.scripts_help')}>
        {keys.map((k) => (
          <CountedInput
            key={k}
            label={t(`admin.${k}`)}
            value={s[k]}
            onChange={(v) =>
              update((d) => {
                const x = d.translations[lang]?.scripts;
                if (x) x[k] = v;
              })
            }
            max={LIMITS.seoTags}
            error={errors[`translations.${lang}.scripts.${k}`]}
            multiline
            mono
            disabled={!canScripts}
          />
        ))}
      </Section>
    </Stack>
  );
}
