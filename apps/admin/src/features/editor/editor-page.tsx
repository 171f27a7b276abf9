import { Alert, Badge, Box, Button, Group, Menu, Paper, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import type { Language } from '@swipe/core/constants.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { IconChart, IconEye, IconShare, IconTrash, IconUsers } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { useAppConfig, usePlanLimits } from '../../lib/app-config';
import { useLang, useT } from '../../lib/i18n';
import { notifyInfo, notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteSite, getSite, type SiteDetail, type SiteSummary, siteDetailKey, siteDetailQuery } from '../../lib/sites';
import { type SaveAction, saveSite } from './api/editor';
import { BasicPanel } from './components/basic-panel';
import { CampaignPanel } from './components/campaign-panel';
import { CompanyPanel } from './components/company-panel';
import { CreativesPanel } from './components/creatives-panel';
import { DomainPanel } from './components/domain-panel';
import { FormsPanel } from './components/forms-panel';
import { LanguageTabs } from './components/language-tabs';
import { PopupPanel } from './components/popup-panel';
import { ScriptsPanel } from './components/scripts-panel';
import { SeoPanel } from './components/seo-panel';
import { ShareModal } from './components/share-modal';
import { SnsPanel } from './components/sns-panel';
import { countUnder, EditorContext, type EditorContextValue } from './editor-context';
import { cloneDoc, type Doc, toDoc, validateDoc } from './model/doc';
import { useUnsavedGuard } from './use-unsaved-guard';

const SECTIONS = [
  {
    key: 'basic',
    prefixes: [
      'name',
      'numberHorizontal',
      'numberVertical',
      'languages',
      'defaultLanguage',
      'logoSetting',
      'faviconSetting',
      'globalMenuTextColor',
      'globalMenuBackgroundColor',
      'speakerColor',
      'translations.*.globalMenu',
    ],
  },
  { key: 'creatives', prefixes: ['categories'] },
  { key: 'popup', prefixes: ['popupCtas'] },
  { key: 'campaign', prefixes: ['campaign'] },
  { key: 'seo', prefixes: ['translations.*.seo'] },
  { key: 'sns', prefixes: ['translations.*.sns'] },
  { key: 'company', prefixes: ['translations.*.company', 'translations.*.companyFlags'] },
  { key: 'scripts', prefixes: ['translations.*.scripts'] },
  { key: 'forms', prefixes: ['translations.*.forms'] },
  { key: 'domain', prefixes: ['customDomain', 'pathPrefix'] },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

function expand(prefixes: readonly string[], langs: readonly string[]): string[] {
  return prefixes.flatMap((p) => (p.includes('*') ? langs.map((l) => p.replace('*', l)) : [p]));
}

export function EditorPage() {
  const { id } = useParams();
  const siteId = Number(id);
  const t = useT();
  const q = useQuery({ ...siteDetailQuery(siteId), enabled: Number.isInteger(siteId) && siteId > 0, staleTime: 0 });
  if (!Number.isInteger(siteId) || siteId <= 0) return <ErrorScreen code="404" inline />;
  if (q.isPending) return <PageLoader label={t('admin.fetching')} />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.status === 404) return <ErrorScreen code="404" inline />;
    return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  }
  return <Editor key={siteId} siteId={siteId} initial={q.data} />;
}

function Editor({ siteId, initial }: { siteId: number; initial: SiteDetail }) {
  const t = useT();
  const uiLang = useLang();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const session = useSession();
  const config = useAppConfig();
  const plan = usePlanLimits();
  const maxCreatives = plan.data?.quantitySwipe ?? 2600;
  const [doc, setDoc] = useState<Doc>(() => toDoc(initial));
  const [baseline, setBaseline] = useState<string>(() => JSON.stringify(toDoc(initial)));
  const [summary, setSummary] = useState<SiteSummary>(initial);
  const [lang, setLang] = useState<Language>(doc.defaultLanguage);
  const [tab, setTab] = useState<Section>('basic');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [shareOpen, setShareOpen] = useState(false);
  const dirty = useMemo(() => JSON.stringify(doc) !== baseline, [doc, baseline]);
  const errors = useMemo(() => ({ ...validateDoc(doc, uiLang, maxCreatives), ...serverErrors }), [doc, uiLang, maxCreatives, serverErrors]);
  const errorCount = Object.keys(errors).length;
  const sentRef = useRef<string | null>(null);
  // View authority may look but not save (the server answers 403 to every change).
  const readOnly = session?.user.authority !== 'EDIT';
  useUnsavedGuard(dirty);

  useEffect(() => {
    if (!doc.languages.includes(lang)) setLang(doc.defaultLanguage);
  }, [doc.languages, doc.defaultLanguage, lang]);

  const update = useCallback((fn: (d: Doc) => void) => {
    setServerErrors({});
    setDoc((prev) => {
      const next = cloneDoc(prev);
      fn(next);
      return next;
    });
  }, []);
  const replace = useCallback((d: Doc) => {
    setServerErrors({});
    setDoc(d);
  }, []);

  const contactChanged = useMemo(() => {
    const before = JSON.parse(baseline) as Doc;
    return doc.languages.some(
      (l) =>
        JSON.stringify(before.translations[l]?.forms.CONTACT_SETTING ?? null) !==
        JSON.stringify(doc.translations[l]?.forms.CONTACT_SETTING ?? null),
    );
  }, [doc, baseline]);

  const save = useMutation({
    mutationFn: ({ action, sent }: { action: SaveAction; sent: Doc }) => saveSite(siteId, action, sent),
    onSuccess: async (res, { sent }) => {
      const sentJson = JSON.stringify(sent);
      setBaseline(sentJson);
      setSummary(res);
      notifySuccess(res.message);
      void qc.invalidateQueries({ queryKey: ['sites', 'list'] });
      // Take the stored copy (new ids) unless the operator typed on while saving.
      const fresh = await qc.fetchQuery({ queryKey: siteDetailKey(siteId), queryFn: () => getSite(siteId), staleTime: 0 });
      setDoc((cur) => {
        if (JSON.stringify(cur) !== sentJson) return cur;
        const d = toDoc(fresh);
        setBaseline(JSON.stringify(d));
        return d;
      });
      setSummary(fresh);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        setServerErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
        jumpToError(err.fields.map((f) => f.path));
      }
    },
    onSettled: () => {
      sentRef.current = null;
    },
  });

  const jumpToError = (paths: string[]) => {
    const first = paths[0];
    if (!first) return;
    const s = SECTIONS.find((x) => expand(x.prefixes, doc.languages).some((p) => first === p || first.startsWith(`${p}.`)));
    if (s) setTab(s.key);
    const m = /^translations\.(ja|en|kr|cn)\./.exec(first);
    if (m) setLang(m[1] as Language);
  };

  const run = (action: SaveAction) => {
    if (errorCount > 0) {
      notifyInfo(t('admin.fix_errors_count', { count: errorCount }));
      jumpToError(Object.keys(errors));
      return;
    }
    const go = () => save.mutate({ action, sent: doc });
    if (contactChanged) {
      modals.openConfirmModal({
        title: t('admin.contact_change_title'),
        children: <Text size="sm">{t('admin.contact_change_warning')}</Text>,
        labels: { confirm: t('admin.save_anyway'), cancel: t('admin.cancel') },
        confirmProps: { color: 'orange' },
        onConfirm: go,
      });
    } else go();
  };

  const del = useMutation({
    mutationFn: () => deleteSite(siteId),
    onSuccess: (res) => {
      setBaseline(JSON.stringify(doc));
      notifySuccess(res.message);
      void qc.invalidateQueries({ queryKey: ['sites'] });
      // the guard must not ask about a site that no longer exists
      setTimeout(() => navigate(`${base}/site-list`), 0);
    },
  });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('admin.delete_site_title'),
      children: <Text size="sm">{t('admin.delete_site_body', { name: summary.name })}</Text>,
      labels: { confirm: t('admin.delete'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => del.mutate(),
    });

  // Ctrl/Cmd+S saves, also while typing in a field.
  useHotkeys([['mod+S', () => !readOnly && !save.isPending && run('save')]], []);

  const previewUrl = config.data ? `${config.data.sitesUrl}/site/${siteId}/preview` : undefined;
  const ctx: EditorContextValue = {
    siteId,
    doc,
    update,
    replace,
    lang,
    errors,
    canScripts: session?.user.authority === 'EDIT',
    maxCreatives,
    flags: plan.data?.flags ?? {},
  };
  const saving = save.isPending ? save.variables?.action : undefined;

  return (
    <EditorContext.Provider value={ctx}>
      <Stack gap="sm">
        <Paper
          withBorder
          radius="md"
          p="sm"
          pos={{ base: 'static', md: 'sticky' }}
          top={56}
          style={{ zIndex: 50 }}
          shadow={dirty ? 'xs' : undefined}
          component="header"
          aria-label={t('admin.editor_toolbar')}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
              <Button component={Link} to={`${base}/site-list`} variant="subtle" size="compact-sm" px={6}>
                ← {t('admin.site_list_title')}
              </Button>
              <Title order={1} size="h4" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} maw={320}>
                {doc.name || summary.name}
              </Title>
              <StatusBadge status={summary.status} />
              {dirty ? (
                <Badge color="orange" variant="dot" style={{ textTransform: 'none' }} data-testid="dirty">
                  {t('admin.unsaved_changes')}
                </Badge>
              ) : (
                <Badge color="gray" variant="dot" style={{ textTransform: 'none' }}>
                  {t('admin.all_saved')}
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="wrap">
              <Tooltip label={dirty ? t('admin.preview_needs_save') : t('admin.preview_help')} withArrow>
                <Button
                  variant="default"
                  component="a"
                  href={dirty ? undefined : previewUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  leftSection={<IconEye size={16} />}
                  data-disabled={dirty || undefined}
                  onClick={(e) => {
                    if (dirty) e.preventDefault();
                  }}
                  aria-disabled={dirty}
                >
                  {t('admin.action_preview')}
                </Button>
              </Tooltip>
              <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setShareOpen(true)} disabled={readOnly}>
                {t('admin.share')}
              </Button>
              <Button
                variant="default"
                onClick={() => run('draft')}
                loading={saving === 'draft'}
                disabled={readOnly || (!!saving && saving !== 'draft')}
              >
                {t('admin.save_draft')}
              </Button>
              <Button
                variant="light"
                onClick={() => run('save')}
                loading={saving === 'save'}
                disabled={readOnly || (!!saving && saving !== 'save')}
              >
                {t('admin.save')}
              </Button>
              <Button
                onClick={() => run('publish')}
                loading={saving === 'publish'}
                disabled={readOnly || (!!saving && saving !== 'publish')}
              >
                {t('admin.publish')}
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" px={10} aria-label={t('admin.more_actions')}>
                    ⋯
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => run('private')} disabled={readOnly || !!saving}>
                    {t('admin.save_private')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={`${base}/site/list/${siteId}`} leftSection={<IconChart size={16} />}>
                    {t('admin.action_analyze')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={`${base}/site/${siteId}/visitors`} leftSection={<IconUsers size={16} />}>
                    {t('admin.action_visitors')}
                  </Menu.Item>
                  <Menu.Item component={Link} to={`${base}/notification-delivery/${siteId}`}>
                    {t('admin.nav_notification_delivery')}
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete} disabled={readOnly}>
                    {t('admin.delete_site')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
          {save.isPending && (
            <Text size="xs" c="dimmed" mt={4} role="status">
              {t('admin.saving')}
            </Text>
          )}
        </Paper>

        {readOnly && (
          <Alert color="gray" variant="light" py={8}>
            <Text size="sm">{t('admin.view_only')}</Text>
          </Alert>
        )}
        {errorCount > 0 && (
          <Alert color="red" variant="light" py={8} role="status">
            <Group justify="space-between">
              <Text size="sm">{t('admin.fix_errors_count', { count: errorCount })}</Text>
              <Button size="compact-xs" variant="default" onClick={() => jumpToError(Object.keys(errors))}>
                {t('admin.show_first_error')}
              </Button>
            </Group>
          </Alert>
        )}

        <LanguageTabs lang={lang} onLang={setLang} />

        <Tabs value={tab} onChange={(v) => v && setTab(v as Section)} variant="outline" keepMounted={false}>
          <Box style={{ overflowX: 'auto' }}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {SECTIONS.map((s) => {
                const n = countUnder(errors, expand(s.prefixes, doc.languages));
                return (
                  <Tabs.Tab
                    key={s.key}
                    value={s.key}
                    rightSection={
                      n > 0 ? (
                        <Badge color="red.9" size="xs" circle>
                          {n}
                        </Badge>
                      ) : undefined
                    }
                  >
                    {t(`admin.section_${s.key}`)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
          </Box>
          <Box pt="md">
            <Tabs.Panel value="basic">
              <BasicPanel />
            </Tabs.Panel>
            <Tabs.Panel value="creatives">
              <CreativesPanel />
            </Tabs.Panel>
            <Tabs.Panel value="popup">
              <PopupPanel />
            </Tabs.Panel>
            <Tabs.Panel value="campaign">
              <CampaignPanel />
            </Tabs.Panel>
            <Tabs.Panel value="seo">
              <SeoPanel />
            </Tabs.Panel>
            <Tabs.Panel value="sns">
              <SnsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="company">
              <CompanyPanel />
            </Tabs.Panel>
            <Tabs.Panel value="scripts">
              <ScriptsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="forms">
              <FormsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="domain">
              <DomainPanel
                summary={summary}
                onDomain={(domain, status) => {
                  // The wizard stores the domain itself; keep the document (and its baseline) in step.
                  setSummary((s) => ({ ...s, customDomain: domain, status: (status as SiteSummary['status']) ?? s.status }));
                  setDoc((d) => ({ ...d, customDomain: domain }));
                  setBaseline((b) => JSON.stringify({ ...(JSON.parse(b) as Doc), customDomain: domain }));
                }}
              />
            </Tabs.Panel>
          </Box>
        </Tabs>
      </Stack>
      <ShareModal opened={shareOpen} onClose={() => setShareOpen(false)} />
    </EditorContext.Provider>
  );
}
