import type { VisitorEntryList, VisitorField } from '@swipe/core';
import { formatJapanTime } from '@swipe/core/japan-time.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// A site's end-user members, contact-form and homepage-form submissions (back-office.md 1, 7). The survey tab's
// calls are the shared survey responses list's (components/survey-responses.tsx).

export type VisitorKind = 'members' | 'contacts' | 'forms' | 'surveys';
export type EntryKind = Exclude<VisitorKind, 'surveys'>;
export const VISITOR_KINDS: readonly VisitorKind[] = ['members', 'contacts', 'forms', 'surveys'];
const PATHS: Record<EntryKind, string> = { members: 'site-member', contacts: 'site-contact', forms: 'site-form' };

export interface VisitorListParams {
  page: number;
  pageSize: number;
  search: string;
}

export const visitorListQuery = (siteId: number, kind: EntryKind, p: VisitorListParams) =>
  queryOptions({
    queryKey: ['sites', 'visitors', siteId, kind, p],
    queryFn: ({ signal }) =>
      api.get<VisitorEntryList>(`sites/${siteId}/${PATHS[kind]}`, {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    // the screen shows its own error state with a retry
    meta: { silent: true },
  });

/** CSV of the list as searched, fetched with the operator's token (the server adds the byte-order mark). */
export function exportVisitorsCsv(siteId: number, kind: EntryKind, search: string) {
  return api.get<string>(`sites/${siteId}/${PATHS[kind]}/export-csv`, { query: { search: search || undefined }, raw: true });
}

/** Times on these screens: Japan time with the zone named, exactly as the CSV files write them (core). */
export const visitorTime = (at: string | null | undefined) => formatJapanTime(at) || '—';

const display = (v: unknown) =>
  Array.isArray(v) ? v.join(', ') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? '');

/**
 * A submission's fields as label/value pairs in the form's order, labelled as the form says in the interface
 * language (`fields` comes from the server with the list). `all` keeps the empty ones (the detail view).
 */
export function dataSummary(
  data: Record<string, unknown> | null | undefined,
  fields: VisitorField[],
  all = false,
): { key: string; label: string; value: string }[] {
  const out: { key: string; label: string; value: string }[] = [];
  for (const f of fields) {
    const value = display(data?.[f.key]);
    if (value || all) out.push({ key: f.key, label: f.label, value });
  }
  return out;
}
