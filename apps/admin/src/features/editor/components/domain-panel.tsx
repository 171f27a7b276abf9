import { Alert, Badge, Button, Code, Group, Loader, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import type { SiteSummary } from '@swipe/core';
import { domain as domainRule } from '@swipe/core/validation.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { CopyButton } from '../../../components/copy-button';
import { useSmallScreen } from '../../../components/list-layout';
import { formatDateTime } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validate';
import { getDomain, removeDomain, setDomain, verifyDomain } from '../api/editor';
import { useEditor } from '../editor-context';
import { Section } from './section';

const schema = z.object({ domain: domainRule });

/** The four-step custom domain wizard: enter domain, copy the CNAME value, add it at the provider, finish. */
export function DomainPanel({ summary, onDomain }: { summary: SiteSummary; onDomain: (domain: string | null, status?: string) => void }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const { siteId, flags } = useEditor();
  const info = useQuery({ queryKey: ['sites', 'domain', siteId], queryFn: () => getDomain(siteId), meta: { silent: true } });
  const [step, setStep] = useState(0);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const allowed = flags.privateDomain ?? true;
  const narrow = useSmallScreen();

  // Nothing is stored before the last step: step 1 only checks the address, and "Verify" at the
  // end stores it and starts the check; leaving the wizard half-way leaves the site as it was.
  const finish = useMutation({
    mutationFn: async () => {
      const stored = d?.domain && d.domain === value.trim().toLowerCase() ? null : await setDomain(siteId, value.trim());
      if (stored) {
        qc.setQueryData(['sites', 'domain', siteId], stored);
        onDomain(stored.domain, stored.status);
      }
      return { stored, checked: await verifyDomain(siteId) };
    },
    onSuccess: ({ stored, checked }) => {
      qc.setQueryData(['sites', 'domain', siteId], checked);
      onDomain(checked.domain, checked.status);
      if (stored) notifySuccess(stored.message);
      setStep(4);
    },
    onError: (err) => {
      // a refused address (taken, malformed) goes back to the step where it is typed, with the reason
      if (err instanceof ApiError && err.fields.length > 0) {
        setError(err.fields[0]?.message);
        setStep(0);
      }
    },
  });
  const remove = useMutation({
    mutationFn: () => removeDomain(siteId),
    onSuccess: (r) => {
      qc.setQueryData(['sites', 'domain', siteId], r);
      onDomain(null, r.status);
      setStep(0);
      setValue('');
    },
  });

  const d = info.data;
  const host = value.trim() || d?.domain || '';
  return (
    <Stack maw={860}>
      <Section title={t('admin.section_domain')} description={t('admin.domain_help')}>
        {!allowed && (
          <Alert color="gray" variant="light">
            {t('admin.plan_feature_missing')}
          </Alert>
        )}
        <Group gap="sm">
          <Text size="sm">{t('admin.current_address')}:</Text>
          <Code>{summary.url}</Code>
          <CopyButton value={summary.url} label={t('admin.copy_url')} />
        </Group>
        {info.isPending ? (
          <Loader size="sm" />
        ) : d?.domain ? (
          <Group gap="sm">
            <Text size="sm">{t('admin.custom_domain')}:</Text>
            <Code>{d.domain}</Code>
            {d.verified ? (
              <Badge color="teal" variant="light" style={{ textTransform: 'none' }}>
                {t('admin.domain_connected')}
              </Badge>
            ) : d.failed ? (
              <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
                {t('admin.domain_failed')}
              </Badge>
            ) : (
              <Badge color="blue" variant="light" style={{ textTransform: 'none' }}>
                {t('admin.status_domain_verifying')}
              </Badge>
            )}
            {d.checkedAt && (
              <Text size="xs" c="dimmed">
                {t('admin.domain_checked_at', { at: formatDateTime(d.checkedAt) })}
              </Text>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: t('admin.domain_remove'),
                  children: <Text size="sm">{t('admin.domain_remove_body')}</Text>,
                  labels: { confirm: t('admin.remove'), cancel: t('admin.cancel') },
                  confirmProps: { color: 'red' },
                  onConfirm: () => remove.mutate(),
                })
              }
            >
              {t('admin.domain_remove')}
            </Button>
          </Group>
        ) : null}
      </Section>

      <Section title={t('admin.domain_wizard')}>
        <Text size="xs" c="dimmed" mb="xs">
          {t('admin.dw_finish_saves')}
        </Text>
        <Stepper
          orientation={narrow ? 'vertical' : 'horizontal'}
          active={step}
          onStepClick={(s) => (s <= (d?.domain ? 4 : 0) ? setStep(s) : undefined)}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={t('admin.domain_step1')}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const r = validate(schema, { domain: value }, lang);
                setError(r.ok ? undefined : r.errors.domain);
                if (r.ok) setStep(1);
              }}
            >
              <Stack gap="sm" mt="sm">
                <TextInput
                  label={t('admin.domain_input')}
                  description={t('admin.domain_input_help')}
                  placeholder="lp.example.com"
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                  error={error}
                  disabled={!allowed}
                />
                <Group>
                  <Button type="submit" disabled={!allowed}>
                    {t('admin.next')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Stepper.Step>
          <Stepper.Step label={t('admin.domain_step2')}>
            <Stack gap="sm" mt="sm">
              <Text size="sm">{t('admin.domain_copy_help')}</Text>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.dns_type')}</Table.Th>
                    <Table.Th>{t('admin.dns_host')}</Table.Th>
                    <Table.Th>{t('admin.dns_value')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>CNAME</Table.Td>
                    <Table.Td>
                      <Code>{host}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Code>{d?.cnameTarget}</Code>
                        <CopyButton value={d?.cnameTarget ?? ''} label={t('admin.copy')} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Group>
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('common.back')}
                </Button>
                <Button onClick={() => setStep(2)}>{t('admin.next')}</Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('admin.domain_step3')}>
            <Stack gap="sm" mt="sm">
              <Text size="sm">{t('admin.domain_provider_help')}</Text>
              <Text size="xs" c="dimmed">
                {t('admin.domain_wait_note')}
              </Text>
              <Group>
                <Button variant="default" onClick={() => setStep(1)}>
                  {t('common.back')}
                </Button>
                <Button onClick={() => setStep(3)}>{t('admin.next')}</Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('admin.domain_step4')}>
            <Stack gap="sm" mt="sm">
              <Text size="sm">{t('admin.domain_finish_help')}</Text>
              <Group>
                <Button variant="default" onClick={() => setStep(2)}>
                  {t('common.back')}
                </Button>
                <Button onClick={() => finish.mutate()} loading={finish.isPending}>
                  {t('admin.domain_finish')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Completed>
            <Alert mt="sm" color={d?.verified ? 'teal' : 'blue'} variant="light">
              {d?.verified ? t('admin.domain_connected_body') : t('admin.domain_verifying_body')}
            </Alert>
          </Stepper.Completed>
        </Stepper>
      </Section>
    </Stack>
  );
}
