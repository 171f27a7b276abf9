import type { VariationContent } from '@swipe/core';
import type { Queryable } from '../../db/db.js';

// SQL on experiments and experiment_variations (migration 0030), which this module owns.

export interface ExperimentRow {
  id: number;
  site_id: number;
  name: string;
  status: 'draft' | 'running' | 'paused' | 'stopped' | 'completed';
  scope: 'pages' | 'site';
  page_ids: (number | string)[];
  popup: boolean;
  seed: string;
  coverage: number;
  started_at: string | null;
  stopped_at: string | null;
  winner_variation_id: number | null;
  promoted_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface VariationRow {
  id: number;
  experiment_id: number;
  position: number;
  name: string;
  weight: number;
  content: VariationContent | string;
}

export function findExperiment(q: Queryable, id: number, lock = false): Promise<ExperimentRow | undefined> {
  return q.maybeOne<ExperimentRow>(`SELECT * FROM experiments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export function listExperimentRows(q: Queryable, siteId: number): Promise<ExperimentRow[]> {
  return q.query<ExperimentRow>('SELECT * FROM experiments WHERE site_id = $1 ORDER BY id DESC', [siteId]);
}

/** The running and paused experiments of a site (what holds its pages). */
export function liveExperimentRows(q: Queryable, siteId: number): Promise<ExperimentRow[]> {
  return q.query<ExperimentRow>(`SELECT * FROM experiments WHERE site_id = $1 AND status IN ('running', 'paused') ORDER BY id`, [siteId]);
}

/** The variations of experiments, in position order (control first). */
export function variationRows(q: Queryable, experimentIds: number[]): Promise<VariationRow[]> {
  if (experimentIds.length === 0) return Promise.resolve([]);
  return q.query<VariationRow>(
    'SELECT * FROM experiment_variations WHERE experiment_id = ANY($1::bigint[]) ORDER BY experiment_id, position',
    [experimentIds],
  );
}

export interface NewExperiment {
  siteId: number;
  name: string;
  scope: 'pages' | 'site';
  pageIds: number[];
  popup: boolean;
  seed: string;
  coverage: number;
  createdBy: number;
  now: Date;
}

export async function insertExperiment(q: Queryable, e: NewExperiment): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO experiments (site_id, name, scope, page_ids, popup, seed, coverage, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4::bigint[], $5, $6, $7, $8, $9, $9) RETURNING id`,
    [e.siteId, e.name, e.scope, e.pageIds, e.popup, e.seed, e.coverage, e.createdBy, e.now.toISOString()],
  );
  return Number(row.id);
}

/** Replaces an experiment's variations (positions 0..n-1, in the order given) in one statement each. */
export async function replaceVariations(
  q: Queryable,
  experimentId: number,
  vs: { id?: number; name: string; weight: number; content: VariationContent }[],
): Promise<void> {
  const keep = vs.flatMap((v) => (v.id ? [v.id] : []));
  await q.query('DELETE FROM experiment_variations WHERE experiment_id = $1 AND NOT (id = ANY($2::bigint[]))', [experimentId, keep]);
  // positions move: out of the way first (the unique key), then each row to its place
  await q.query('UPDATE experiment_variations SET position = position + 100 WHERE experiment_id = $1', [experimentId]);
  for (const [i, v] of vs.entries()) {
    if (v.id)
      await q.query(
        'UPDATE experiment_variations SET position = $3, name = $4, weight = $5, content = $6::jsonb WHERE id = $1 AND experiment_id = $2',
        [v.id, experimentId, i, v.name, v.weight, JSON.stringify(v.content)],
      );
    else
      await q.query(
        'INSERT INTO experiment_variations (experiment_id, position, name, weight, content) VALUES ($1, $2, $3, $4, $5::jsonb)',
        [experimentId, i, v.name, v.weight, JSON.stringify(v.content)],
      );
  }
}

export async function updateExperimentSettings(q: Queryable, id: number, s: { name: string; coverage: number; now: Date }): Promise<void> {
  await q.query('UPDATE experiments SET name = $2, coverage = $3, updated_at = $4 WHERE id = $1', [
    id,
    s.name,
    s.coverage,
    s.now.toISOString(),
  ]);
}

/** Moves an experiment to a status, stamping when it started or stopped (business time). */
export async function setExperimentStatus(
  q: Queryable,
  id: number,
  status: ExperimentRow['status'],
  now: Date,
  extra: { winnerVariationId?: number } = {},
): Promise<void> {
  await q.query(
    `UPDATE experiments SET status = $2, updated_at = $3,
       started_at = CASE WHEN $2 = 'running' THEN coalesce(started_at, $3) ELSE started_at END,
       stopped_at = CASE WHEN $2 IN ('stopped', 'completed') THEN coalesce(stopped_at, $3) ELSE stopped_at END,
       winner_variation_id = coalesce($4, winner_variation_id),
       promoted_at = CASE WHEN $2 = 'completed' THEN $3 ELSE promoted_at END
     WHERE id = $1`,
    [id, status, now.toISOString(), extra.winnerVariationId ?? null],
  );
}

export async function deleteExperimentRow(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM experiments WHERE id = $1', [id]);
}
