import { Alert, Badge, Box, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import type { SaveAction, SiteDetail } from '@swipe/core';
import type { Language } from '@swipe/core/constants.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { usePlanLimits } from '../../lib/app-config';
import { useLang, useT } from '../../lib/i18n';
import { notifyInfo, notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteSite, siteDetailQuery } from '../../lib/sites';
import { previewTicket } from './api/preview';
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
import { EditorToolbar } from './editor-toolbar';
import { confirmPublishOverTests, UnderTestNotice, useUnderTest } from './experiments/under-test';
import { toDoc, validateDoc } from './model/doc';
import { expand, locateError, SECTIONS, type Section } from './model/sections';
import { useSiteSave } from './use-site-save';
import { useUnsavedGuard } from './use-unsaved-guard';

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
  const plan = usePlanLimits();
  const maxCreatives = plan.data?.quantitySwipe ?? 2600;
  const [tab, setTab] = useState<Section>('basic');
  const [shareOpen, setShareOpen] = useState(false);
  const languagesRef = useRef<readonly string[]>([]);
  const [lang, setLang] = useState<Language>(() => toDoc(initial).defaultLanguage);
  const jumpToError = (paths: string[]) => {
    const at = locateError(paths, languagesRef.current);
    if (at?.section) setTab(at.section);
    if (at?.lang) setLang(at.lang as Language);
  };
  const { doc, update, replace, dirty, summary, serverErrors, submit, saving, domainStored, forget, live } = useSiteSave(
    siteId,
    initial,
    jumpToError,
  );
  languagesRef.current = doc.languages;
  const errors = useMemo(() => ({ ...validateDoc(doc, uiLang, maxCreatives), ...serverErrors }), [doc, uiLang, maxCreatives, serverErrors]);
  const errorCount = Object.keys(errors).length;
  // View authority may look but not save (the server answers 403 to every change).
  const readOnly = session?.user.authority !== 'EDIT';
  useUnsavedGuard(dirty);
  // pages under a running A/B test: shown, and publishing over them is asked first
  const underTest = useUnderTest(siteId, doc);

  useEffect(() => {
    if (!doc.languages.includes(lang)) setLang(doc.defaultLanguage);
  }, [doc.languages, doc.defaultLanguage, lang]);

  const run = (action: SaveAction) => {
    if (errorCount > 0) {
      notifyInfo(t('admin.fix_errors_count', { count: errorCount }));
      jumpToError(Object.keys(errors));
      return;
    }
    if (action === 'publish') confirmPublishOverTests(t, underTest, () => submit(action));
    else submit(action);
  };

  const del = useMutation({
    mutationFn: () => deleteSite(siteId),
    onSuccess: (res) => {
      forget();
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
  useHotkeys([['mod+S', () => !readOnly && !saving && run('save')]], []);

  // The operator's own preview: the tab opens at once (a popup must come from the click), then goes
  // to the preview entrance with a single-use ticket; it never passes through the passcode gate.
  const preview = useMutation({
    mutationFn: async (tab: Window | null) => ({ tab, ticket: await previewTicket(siteId, uiLang) }),
    onSuccess: ({ tab, ticket }) => {
      if (tab) tab.location.href = ticket.url;
      else window.open(ticket.url, '_blank', 'noopener');
    },
    onError: (_err, tab) => {
      tab?.close();
      notifyInfo(t('admin.pub_preview_failed'));
    },
  });
  const openPreview = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    preview.mutate(tab);
  };
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

  return (
    <EditorContext.Provider value={ctx}>
      <Stack gap="sm">
        <EditorToolbar
          siteId={siteId}
          title={doc.name || summary.name}
          status={summary.status}
          dirty={dirty}
          live={live}
          liveUrl={summary.url}
          previewing={preview.isPending}
          onPreview={openPreview}
          readOnly={readOnly}
          saving={saving}
          onSave={run}
          onShare={() => setShareOpen(true)}
          onDelete={confirmDelete}
        />

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

        <UnderTestNotice siteId={siteId} cells={underTest} />

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
              <DomainPanel summary={summary} onDomain={domainStored} />
            </Tabs.Panel>
          </Box>
        </Tabs>
      </Stack>
      <ShareModal opened={shareOpen} onClose={() => setShareOpen(false)} />
    </EditorContext.Provider>
  );
}
