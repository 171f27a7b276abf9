import { Alert, Anchor, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePlanLimits } from '../../../lib/app-config';
import { type T, useT } from '../../../lib/i18n';
import { useBase } from '../../../lib/session';
import type { Doc } from '../model/doc';
import { experimentsQuery } from './api';
import { pagesWithCells } from './labels';

// What the site editor shows of running A/B tests: which pages are under test (their cells), and a question before
// publishing over them (a publish changes the tests' original midway; taking such a page away is refused by the server).

/** The cells (A1, B2...) of the pages under a running or paused test; empty without the plan's A/B tests. */
export function useUnderTest(siteId: number, doc: Doc): string[] {
  const plan = usePlanLimits();
  const q = useQuery({ ...experimentsQuery(siteId), enabled: Boolean(plan.data?.flags.experiments) });
  const held = new Set(q.data?.underTest.pageIds ?? []);
  return pagesWithCells(doc)
    .filter((p) => held.has(p.id))
    .map((p) => p.cell);
}

export function UnderTestNotice({ siteId, cells }: { siteId: number; cells: string[] }) {
  const t = useT();
  const base = useBase();
  if (cells.length === 0) return null;
  return (
    <Alert color="violet" variant="light" py={8} title={t('admin.xp_under_test')} data-testid="under-test">
      <Text size="sm">
        {t('admin.xp_under_test_pages', { cells: cells.join(', ') })}{' '}
        <Anchor component={Link} to={`${base}/site/${siteId}/experiments`} size="sm">
          {t('admin.xp_open')}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** Asks before publishing over pages under test; runs `go` at once when there are none. */
export function confirmPublishOverTests(t: T, cells: string[], go: () => void): void {
  if (cells.length === 0) {
    go();
    return;
  }
  modals.openConfirmModal({
    title: t('admin.xp_confirm_publish_title'),
    children: <Text size="sm">{t('admin.xp_confirm_publish', { cells: cells.join(', ') })}</Text>,
    labels: { confirm: t('admin.xp_publish_anyway'), cancel: t('admin.cancel') },
    onConfirm: go,
  });
}
