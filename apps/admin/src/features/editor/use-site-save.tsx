import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ApiError } from '@swipe/api-client';
import type { SaveAction, SavedSite, SiteDetail, SiteSummary } from '@swipe/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { siteDetailKey } from '../../lib/sites';
import { saveSite } from './api/editor';
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
    onSuccess: (saved: SavedSite, { sent }) => {
      notifySuccess(saved.message);
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

  /** Saves with this action; a changed contact form is confirmed first (its submissions' fields change). */
  const submit = (action: SaveAction) => {
    const go = () => save.mutate({ action, sent: doc });
    if (!contactChanged) return go();
    modals.openConfirmModal({
      title: t('admin.contact_change_title'),
      children: <Text size="sm">{t('admin.contact_change_warning')}</Text>,
      labels: { confirm: t('admin.save_anyway'), cancel: t('admin.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: go,
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
  return { doc, update, replace, dirty, summary, serverErrors, submit, saving, domainStored, forget };
}
