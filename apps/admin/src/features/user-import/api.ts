import { csvBlob } from '@swipe/api-client';
import type { ImportResult } from '@swipe/core';
import { LIMITS } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { downloadBlob } from '../../lib/format';

// The CSV import calls (server: modules/accounts/import.routes.ts). The file is the request body.

export const CSV_MAX_BYTES = LIMITS.csvBytes;
const asCsv = (file: Blob) => new Blob([file], { type: 'text/csv' });

/** Checks the whole file and lists every bad row; writes nothing. */
export const dryRunImport = (file: Blob) =>
  api.post<ImportResult>('user/import/dry-run', asCsv(file), { headers: { 'content-type': 'text/csv' } });

/** Queues the import of a clean file (the same file again answers with its first import). */
export const commitImport = (file: Blob) => api.post<ImportResult>('user/import', asCsv(file), { headers: { 'content-type': 'text/csv' } });

const RUNNING = new Set(['QUEUED', 'RUNNING']);

/** Status and progress of a committed import, polled every second while it runs. */
export const importStatusQuery = (id: number) =>
  queryOptions({
    queryKey: ['user-import', id],
    queryFn: ({ signal }) => api.get<ImportResult>(`user/import/${id}`, { signal }),
    refetchInterval: (q) => (q.state.data && !RUNNING.has(q.state.data.status) ? false : 1000),
  });

export async function downloadTemplate(): Promise<void> {
  const text = await api.get<string>('user/import/template', { raw: true });
  downloadBlob(csvBlob(text), 'user-import-template.csv');
}
