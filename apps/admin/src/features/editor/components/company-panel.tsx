import { Checkbox, Group, Stack, Switch, Table, TextInput } from '@mantine/core';
import { LIMITS } from '@swipe/core/constants.ts';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import { Section } from './section';

const FIELDS = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const;
const WHERE = ['showInContact', 'showInForm', 'showInMemberShip'] as const;

export function CompanyPanel() {
  const t = useT();
  const { doc, update, lang, errors } = useEditor();
  const tr = doc.translations[lang];
  if (!tr) return null;
  const p = `translations.${lang}.company`;
  return (
    <Stack maw={980}>
      <Section title={`${t('admin.section_company')} · ${t(`admin.site_lang_${lang}`)}`} description={t('admin.company_help')}>
        <Switch
          label={t('admin.contract_agreement_required')}
          description={t('admin.contract_agreement_help')}
          checked={tr.company.contractAgreementRequired}
          onChange={(e) => {
            const v = e.currentTarget.checked;
            update((d) => {
              const x = d.translations[lang];
              if (x) x.company.contractAgreementRequired = v;
            });
          }}
        />
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.company_item')}</Table.Th>
                {WHERE.map((w) => (
                  <Table.Th key={w} w={110} ta="center">
                    {t(`admin.${w}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FIELDS.map((f) => {
                const flags = tr.companyFlags[f] ?? { showInContact: false, showInForm: false, showInMemberShip: false };
                return (
                  <Table.Tr key={f}>
                    <Table.Td>
                      <TextInput
                        label={t(`admin.${f}`)}
                        placeholder="https://"
                        value={tr.company[f]}
                        onChange={(e) => {
                          const v = e.currentTarget.value;
                          update((d) => {
                            const x = d.translations[lang];
                            if (x) x.company[f] = v;
                          });
                        }}
                        error={errors[`${p}.${f}`]}
                        maxLength={LIMITS.linkUrl}
                        required={(f === 'termsOfService' || f === 'privacyPolicy') && tr.company.contractAgreementRequired}
                      />
                    </Table.Td>
                    {WHERE.map((w) => (
                      <Table.Td key={w}>
                        <Group justify="center">
                          <Checkbox
                            aria-label={`${t(`admin.${f}`)}: ${t(`admin.${w}`)}`}
                            checked={flags[w]}
                            onChange={(e) => {
                              const v = e.currentTarget.checked;
                              update((d) => {
                                const x = d.translations[lang];
                                if (x) x.companyFlags[f] = { ...flags, [w]: v };
                              });
                            }}
                          />
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </Stack>
  );
}
