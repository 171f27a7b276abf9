import { Badge } from '@mantine/core';
import type { ExperimentStatus } from '@swipe/core';
import { columnToLetters } from '@swipe/core/cell.ts';
import type { SiteDocument } from '@swipe/core/site.ts';
import { useT } from '../../../lib/i18n';

const COLORS: Record<ExperimentStatus, string> = {
  draft: 'gray',
  running: 'green',
  paused: 'yellow',
  stopped: 'red',
  completed: 'blue',
};

export function StatusBadge({ status }: { status: ExperimentStatus }) {
  const t = useT();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="xp-status">
      {t(`admin.xp_status_${status}`)}
    </Badge>
  );
}

/** Each page of a document with its cell name (A1, B2...) and position, in grid order. */
export function pagesWithCells(doc: Pick<SiteDocument, 'categories'>): { id: number; cell: string; c: number; r: number }[] {
  const out: { id: number; cell: string; c: number; r: number }[] = [];
  doc.categories.forEach((col, c) => {
    col.pages.forEach((p, r) => {
      if (p.id && p.imageUrl) out.push({ id: Number(p.id), cell: `${columnToLetters(c + 1)}${r + 1}`, c, r });
    });
  });
  return out;
}
