import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { issuerQuery, saveIssuer } from './api';

// The seller's invoice issuer (plan check, sellers only): an OEM master sets its registration number
// (T + 13 digits, checked as it types and again by the server); the platform's comes from configuration.

const REG = /^T\d{13}$/;

export function InvoiceIssuerCard({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const issuer = useQuery(issuerQuery());
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? issuer.data?.registrationNumber ?? '';
  const trimmed = current.trim();
  const invalid = trimmed !== '' && !REG.test(trimmed);
  const save = useMutation({
    mutationFn: () => saveIssuer(trimmed === '' ? null : trimmed),
    onSuccess: (v) => {
      qc.setQueryData(issuerQuery().queryKey, v);
      setValue(null);
      notifySuccess(t('admin.issuer_saved'));
    },
    onError: (e) => notifyError(e),
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="issuer-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('admin.issuer_title')}
          </Title>
          {issuer.data && (
            <Badge variant="outline" color={issuer.data.qualified ? '#0b6e4f' : '#55585e'} radius="sm" style={{ textTransform: 'none' }}>
              {t(issuer.data.qualified ? 'admin.issuer_qualified' : 'admin.issuer_not_qualified')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('admin.issuer_body')}
        </Text>
        {issuer.isError ? (
          <ErrorState error={issuer.error} onRetry={() => issuer.refetch()} />
        ) : !issuer.data ? (
          <Skeleton h={80} />
        ) : (
          <>
            <Text size="sm">
              {t('admin.issuer_name')}: <b>{issuer.data.name}</b>
              {issuer.data.address ? ` · ${issuer.data.address}` : ''}
            </Text>
            {issuer.data.editable ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!invalid) save.mutate();
                }}
              >
                <Group align="flex-start" gap="sm">
                  <TextInput
                    label={t('admin.issuer_registration')}
                    description={t('admin.issuer_registration_hint')}
                    value={current}
                    onChange={(e) => setValue(e.currentTarget.value.toUpperCase())}
                    error={invalid ? t('admin.issuer_invalid') : undefined}
                    maxLength={14}
                    disabled={!canEdit}
                    style={{ flex: '1 1 220px' }}
                  />
                  <Button type="submit" mt={46} disabled={!canEdit || invalid || value === null} loading={save.isPending}>
                    {t('admin.issuer_save')}
                  </Button>
                </Group>
              </form>
            ) : (
              <>
                <Text size="sm">
                  {t('admin.issuer_registration')}: <b>{issuer.data.registrationNumber ?? t('admin.issuer_none')}</b>
                </Text>
                <Text size="xs" c="dimmed">
                  {t('admin.issuer_from_config')}
                </Text>
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
