import { Anchor, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@swipe/api-client';
import type { SaveAction, SavedSite, SiteDetail, SiteSummary } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { siteDetailKey } from '../../lib/sites';
import { saveSite } from './api/editor';
import { liveState, liveStateKey } from './api/preview';
import { cloneDoc, type Doc, toDoc } from './model/doc';

/**
 * The document being edited and its saving: the working copy, the last saved copy (to tell unsaved
 * changes), the site's summary for the header, and the server's rule failures of the last save.
 */
export function useSiteSave(siteId: number, initial: SiteDetail, onFieldErrors: (paths: string[]) => void) {
  const t = useT();
  const qc = useQueryClient();
  const [doc, setDoc] = useState<Doc>(() => toDoc(initial));
  const [baseline, setBaseline] = useState<string>(() => JSON.stringify(toDoc(initial)));
  const [summary, setSummary] = useState<SiteSummary>(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const dirty = useMemo(() => JSON.stringify(doc) !== baseline, [doc, baseline]);
  // What visitors see against what is saved: refreshed after every save.
  const live = useQuery({ queryKey: liveStateKey(siteId), queryFn: () => liveState(siteId), meta: { silent: true } });
  const published = Boolean(live.data?.published);

  /** Says what the action did (the server's message is the same "updated" for all of them). */
  const announce = (action: SaveAction, wasLive: boolean, url: string) => {
    if (action !== 'publish') {
      const key = action === 'private' ? 'pub_done_private' : wasLive ? 'pub_done_save_unpublished' : 'pub_done_save';
      return notifySuccess(t(`admin.${key}`));
    }
    // Gone live: say so, with the way to the live page (kept open longer than the usual toast).
    notifications.clean();
    notifications.show({
      color: 'teal',
      withBorder: true,
      autoClose: 10_000,
      message: (
        <Text size="sm" component="span" data-testid="published-toast">
          {t('admin.pub_done_publish')}{' '}
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            {t('admin.pub_open_live')} ↗
          </Anchor>
        </Text>
      ),
    });
  };

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
    mutationFn: ({ action, sent }: { action: SaveAction; sent: Doc; wasLive: boolean }) => saveSite(siteId, action, sent),
    onSuccess: (saved: SavedSite, { action, sent, wasLive }) => {
      announce(action, wasLive, saved.url);
      void qc.invalidateQueries({ queryKey: liveStateKey(siteId) });
      // The PUT answers the stored document (new ids included, the GET shape): no second read.
      setSummary(saved);
      qc.setQueryData(siteDetailKey(siteId), saved);
      void qc.invalidateQueries({ queryKey: ['sites', 'list'] });
      // Take the stored copy unless the operator typed on while saving (then what was sent is what is saved).
      const sentJson = JSON.stringify(sent);
      setBaseline(sentJson);
      setDoc((cur) => {
        if (JSON.stringify(cur) !== sentJson) return cur;
        const d = toDoc(saved);
        setBaseline(JSON.stringify(d));
        return d;
      });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) {
        setServerErrors(Object.fromEntries(err.fields.map((f) => [f.path, f.message])));
        onFieldErrors(err.fields.map((f) => f.path));
      }
    },
  });

  /**
   * Saves with this action. Going live (publish, the only action that does) is confirmed first, saying where it
   * shows; a changed contact form is confirmed too (its submissions' fields change).
   */
  const submit = (action: SaveAction) => {
    const go = () => save.mutate({ action, sent: doc, wasLive: published });
    const checked = () => {
      if (!contactChanged) return go();
      modals.openConfirmModal({
        title: t('admin.contact_change_title'),
        children: <Text size="sm">{t('admin.contact_change_warning')}</Text>,
        labels: { confirm: t('admin.save_anyway'), cancel: t('admin.cancel') },
        confirmProps: { color: 'orange' },
        onConfirm: go,
      });
    };
    if (action !== 'publish') return checked();
    modals.openConfirmModal({
      title: t('admin.pub_confirm_title'),
      children: (
        <>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('admin.pub_confirm_body', { url: summary.url })}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('admin.pub_confirm_save_hint')}
          </Text>
        </>
      ),
      labels: { confirm: t('admin.pub_confirm'), cancel: t('admin.cancel') },
      onConfirm: checked,
    });
  };

  /** The domain wizard stored the domain itself: keep the document (and its saved copy) in step. */
  const domainStored = (domain: string | null, status?: string) => {
    setSummary((s) => ({ ...s, customDomain: domain, status: status ?? s.status }));
    setDoc((d) => ({ ...d, customDomain: domain }));
    setBaseline((b) => JSON.stringify({ ...(JSON.parse(b) as Doc), customDomain: domain }));
  };

  /** Nothing left to save (the site was deleted): the unsaved-changes guard must not ask. */
  const forget = () => setBaseline(JSON.stringify(doc));

  const saving = save.isPending ? save.variables?.action : undefined;
  return { doc, update, replace, dirty, summary, serverErrors, submit, saving, domainStored, forget, live: live.data };
}
