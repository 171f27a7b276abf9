import { Anchor, Badge, Button, Stack, Tabs, Text } from '@mantine/core';
import type { VisitorEntry, VisitorField } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { DetailDrawer, type DetailRow } from '../../components/detail-drawer';
import { ErrorScreen } from '../../components/error-screen';
import { SiteListHeader } from '../../components/list-layout';
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
// the form's order; times are Japan time with the zone named, as in the CSV files.
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
      <SiteListHeader
        title={t('admin.visitors_title')}
        siteName={site.data?.name}
        editTo={`${base}/site/${siteId}`}
        editLabel={t('admin.visitors_edit_site')}
      />
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
  const state = useListState();
  const params: VisitorListParams = { page: state.page, pageSize: state.pageSize, search: state.search };
  const list = useQuery(visitorListQuery(siteId, kind, params));
  const members = kind === 'members';
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
  const columns: Column<VisitorEntry>[] = [
    { key: 'date', title: t('admin.visitors_col_date'), nowrap: true, render: (v) => visitorTime(v.createdAt) },
    { key: 'email', title: t('admin.visitors_col_email'), phone: 'title', render: (v) => <Email email={v.email} /> },
    { key: 'lang', title: t('admin.visitors_col_lang'), nowrap: true, render: (v) => langName(t, v.lang) },
    ...(members
      ? ([
          {
            key: 'status',
            title: t('admin.visitors_col_status'),
            phone: 'badge',
            nowrap: true,
            render: (v) => <StatusTag status={v.status} t={t} />,
          },
          { key: 'confirmed', title: t('admin.visitors_col_confirmed'), nowrap: true, render: (v) => visitorTime(v.confirmedAt) },
        ] satisfies Column<VisitorEntry>[])
      : []),
    { key: 'data', title: t('admin.visitors_col_data'), phone: 'plain', render: (v) => <Fields data={v.data} fields={fields} /> },
    {
      key: 'detail',
      title: t('admin.visitors_detail'),
      hiddenTitle: true,
      phone: 'actions',
      render: (v) => (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => setOpen(v)}
          aria-label={t('admin.visitors_detail_for', { name: v.email ?? `#${v.id}` })}
        >
          {t('admin.visitors_detail')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataList
        label={t(TAB_LABEL[kind])}
        state={state}
        query={list}
        columns={columns}
        rowKey={(v) => v.id}
        search={t('admin.visitors_search')}
        summary={
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.data ? t('admin.visitors_count', { count: list.data.total }) : '\u00a0'}
          </Text>
        }
        csv={{ fileName: `site-${siteId}-${kind}`, server: () => exportVisitorsCsv(siteId, kind, params.search) }}
        empty={{ title: t(`admin.visitors_empty_${kind}`), body: t('admin.visitors_empty_body') }}
        noMatch={{ title: t('admin.visitors_no_match'), body: t('admin.visitors_no_match_body') }}
        minWidth={members ? 900 : 720}
        testId={`visitors-${kind}`}
        rowTestId="visitor-row"
      />
      <DetailDrawer title={t('admin.visitors_detail_title')} rows={open ? detail(open) : null} onClose={() => setOpen(null)} />
    </>
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
