import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { csvBlob } from '@swipe/api-client';
import type { VisitorEntry, VisitorField } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { DetailDrawer, type DetailRow } from '../../components/detail-drawer';
import { ErrorScreen } from '../../components/error-screen';
import { IconEdit } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import { ClearFiltersButton, ExportCsvButton, FilterBar, ListError, SkeletonRows } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { downloadBlob } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';
import { siteDetailQuery } from '../../lib/sites';
import {
  dataSummary,
  type EntryKind,
  exportVisitorsCsv,
  VISITOR_KINDS,
  type VisitorKind,
  type VisitorListParams,
  visitorListQuery,
  visitorTime,
} from './api/visitors';

import { SurveyResponsesTab } from './survey-tab';

// A site's visitors (back-office.md 1): members, contact-form and homepage-form submissions and survey responses,
// one tab each; a row opens in full in a drawer. Fields are the form's, labelled in the interface language and in
// the form's order; times are Japan time with the zone named, as in the CSV files (issue 14.13).
// Tab, search, page and page size live in the URL so a reload (or a shared link) shows the same list.

const TAB_LABEL: Record<VisitorKind, string> = {
  members: 'admin.visitors_tab_members',
  contacts: 'admin.visitors_tab_contacts',
  forms: 'admin.visitors_tab_forms',
  surveys: 'admin.visitors_tab_surveys',
};
const STATUS_LOOK: Record<string, { color: string; variant: 'light' | 'outline' }> = {
  ACTIVE: { color: 'teal', variant: 'light' },
  PROVISIONAL: { color: 'blue', variant: 'light' },
  DISABLED: { color: 'gray', variant: 'outline' },
};
const UI_LANGS = new Set(['ja', 'en', 'kr', 'cn']);

export function VisitorsPage() {
  const { id } = useParams();
  const siteId = Number(id);
  const t = useT();
  const base = useBase();
  const [sp, setSp] = useSearchParams();
  const tab = (VISITOR_KINDS as readonly string[]).includes(sp.get('tab') ?? '') ? (sp.get('tab') as VisitorKind) : 'members';
  const valid = Number.isInteger(siteId) && siteId > 0;
  const site = useQuery({ ...siteDetailQuery(siteId), enabled: valid });
  if (!valid) return <ErrorScreen code="404" inline />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h3">
            {t('admin.visitors_title')}
          </Title>
          <Text size="sm" c="dimmed" truncate maw="80vw">
            {site.data?.name ?? '\u00a0'}
          </Text>
        </div>
        <Button component={Link} to={`${base}/site/${siteId}`} variant="default" leftSection={<IconEdit size={16} />}>
          {t('admin.visitors_edit_site')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          if (!v || v === tab) return;
          // a new tab starts on its first page without the previous tab's search
          setSp(v === 'members' ? {} : { tab: v }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {VISITOR_KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(TAB_LABEL[k])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VISITOR_KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            {k === 'surveys' ? <SurveyResponsesTab siteId={siteId} /> : <VisitorList siteId={siteId} kind={k} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function VisitorList({ siteId, kind }: { siteId: number; kind: EntryKind }) {
  const t = useT();
  const { page, pageSize, search: q, searchInput: search, setSearchInput: setSearch, set } = useListParams();
  const params: VisitorListParams = { page, pageSize, search: q };

  const list = useQuery(visitorListQuery(siteId, kind, params));
  const exportCsv = useMutation({
    mutationFn: () => exportVisitorsCsv(siteId, kind, params.search),
    onSuccess: (text) => downloadBlob(csvBlob(text), `site-${siteId}-${kind}-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const members = kind === 'members';
  const cols = members ? 7 : 5;
  const fields = list.data?.fields ?? [];
  const [open, setOpen] = useState<VisitorEntry | null>(null);
  const detail = (v: VisitorEntry): DetailRow[] => [
    { label: t('admin.visitors_col_date'), value: visitorTime(v.createdAt) },
    { label: t('admin.visitors_col_email'), value: v.email ?? '' },
    { label: t('admin.visitors_col_lang'), value: langName(t, v.lang) },
    ...(members
      ? [
          { label: t('admin.visitors_col_status'), value: v.status ? t(`admin.visitors_status_${v.status.toLowerCase()}`) : '' },
          { label: t('admin.visitors_col_confirmed'), value: v.confirmedAt ? visitorTime(v.confirmedAt) : '' },
        ]
      : []),
    ...dataSummary(v.data, fields, true).map((f) => ({ label: f.label, value: f.value })),
  ];
  const searchLabel = t('admin.visitors_search');
  // a phone gets one card per entry: a wide table would hide the details off screen
  const phone = useMediaQuery('(max-width: 48em)');

  return (
    <Card withBorder padding={0} radius="md">
      <FilterBar>
        <ListSearch label={searchLabel} value={search} onChange={setSearch} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? t('admin.visitors_count', { count: list.data.total }) : '\u00a0'}
        </Text>
        <ExportCsvButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} />
      </FilterBar>

      {list.isError ? (
        <ListError query={list} />
      ) : phone ? (
        <Stack gap={0} aria-busy={list.isFetching} data-testid={`visitors-${kind}`}>
          {list.isPending &&
            Array.from({ length: 3 }, (_, i) => (
              <Stack key={i} gap={6} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Skeleton h={12} w="40%" />
                <Skeleton h={14} w="70%" />
                <Skeleton h={12} />
              </Stack>
            ))}
          {list.data?.items.map((v) => (
            <Entry key={v.id} v={v} members={members} t={t} fields={fields} onOpen={() => setOpen(v)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={members ? 900 : 720}>
          <Table verticalSpacing="sm" aria-busy={list.isFetching} data-testid={`visitors-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.visitors_col_date')}</Table.Th>
                <Table.Th>{t('admin.visitors_col_email')}</Table.Th>
                <Table.Th>{t('admin.visitors_col_lang')}</Table.Th>
                {members && <Table.Th>{t('admin.visitors_col_status')}</Table.Th>}
                {members && <Table.Th>{t('admin.visitors_col_confirmed')}</Table.Th>}
                <Table.Th>{t('admin.visitors_col_data')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('admin.visitors_detail')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <SkeletonRows rows={5} cols={cols} />}
              {list.data?.items.map((v) => (
                <Row key={v.id} v={v} members={members} t={t} fields={fields} onOpen={() => setOpen(v)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.items.length === 0 && (
        <EmptyState
          title={params.search ? t('admin.visitors_no_match') : t(`admin.visitors_empty_${kind}`)}
          body={params.search ? t('admin.visitors_no_match_body') : t('admin.visitors_empty_body')}
          action={
            params.search ? (
              <ClearFiltersButton
                onClick={() => {
                  setSearch('');
                  set({ q: null, page: null });
                }}
              />
            ) : undefined
          }
        />
      )}
      {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
      <DetailDrawer title={t('admin.visitors_detail_title')} rows={open ? detail(open) : null} onClose={() => setOpen(null)} />
    </Card>
  );
}

const langName = (t: T, lang: string) => (UI_LANGS.has(lang) ? t(`admin.site_lang_${lang}`) : lang);

function StatusTag({ status, t }: { status: string | undefined; t: T }) {
  const look = STATUS_LOOK[status ?? ''] ?? STATUS_LOOK.DISABLED;
  if (!status || !look) return null;
  return (
    <Badge color={look.color} variant={look.variant} radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.visitors_status_${status.toLowerCase()}`)}
    </Badge>
  );
}

function Fields({ data, fields: form }: { data: VisitorEntry['data']; fields: VisitorField[] }) {
  const fields = dataSummary(data, form);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {fields.map((f) => (
        <Text key={f.key} size="sm" lineClamp={2} title={`${f.label}: ${f.value}`} style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {f.label}:
          </Text>{' '}
          {f.value}
        </Text>
      ))}
    </Stack>
  );
}

function Email({ email }: { email: string | null }) {
  return email ? (
    <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {email}
    </Anchor>
  ) : (
    <Text size="sm">—</Text>
  );
}

interface RowProps {
  v: VisitorEntry;
  members: boolean;
  t: T;
  fields: VisitorField[];
  onOpen: () => void;
}

function DetailButton({ v, t, onOpen }: Pick<RowProps, 'v' | 't' | 'onOpen'>) {
  return (
    <Button size="compact-xs" variant="light" onClick={onOpen} aria-label={t('admin.visitors_detail_for', { name: v.email ?? `#${v.id}` })}>
      {t('admin.visitors_detail')}
    </Button>
  );
}

/** One entry as a card (phones). */
function Entry({ v, members, t, fields, onOpen }: RowProps) {
  return (
    <Stack gap={4} p="sm" data-testid="visitor-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {visitorTime(v.createdAt)} · {langName(t, v.lang)}
        </Text>
        {members && <StatusTag status={v.status} t={t} />}
      </Group>
      <Email email={v.email} />
      {members && v.confirmedAt && (
        <Text size="xs" c="dimmed">
          {t('admin.visitors_col_confirmed')}: {visitorTime(v.confirmedAt)}
        </Text>
      )}
      <Fields data={v.data} fields={fields} />
      <Group>
        <DetailButton v={v} t={t} onOpen={onOpen} />
      </Group>
    </Stack>
  );
}

function Row({ v, members, t, fields, onOpen }: RowProps) {
  return (
    <Table.Tr data-testid="visitor-row">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{visitorTime(v.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Email email={v.email} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{langName(t, v.lang)}</Text>
      </Table.Td>
      {members && (
        <Table.Td>
          <StatusTag status={v.status} t={t} />
        </Table.Td>
      )}
      {members && (
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{visitorTime(v.confirmedAt)}</Text>
        </Table.Td>
      )}
      <Table.Td>
        <Fields data={v.data} fields={fields} />
      </Table.Td>
      <Table.Td>
        <DetailButton v={v} t={t} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}
