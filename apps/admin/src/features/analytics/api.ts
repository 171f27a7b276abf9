import type {
  AnalysisSettings,
  AnalysisSitesResponse,
  FunnelResponse,
  HeatmapResponse,
  LpChartResponse,
  LpResponse,
  PagesResponse,
  Period,
  RankingResponse,
  ReferrersResponse,
  UtmResponse,
} from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The analysis screens' calls (server: modules/analytics/screens.routes.ts, prefix /api/v1/analysis).

const base = (id: number) => `analysis/site/${id}`;
const q = (p: Period) => ({ from: p.from, to: p.to });

function siteQuery<T>(id: number, part: string, p: Period, extra: Record<string, string | number> = {}) {
  return queryOptions({
    queryKey: ['analysis', id, part, p.from, p.to, extra],
    queryFn: ({ signal }) => api.get<T>(`${base(id)}/${part}`, { query: { ...q(p), ...extra }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const lpQuery = (id: number, p: Period) => siteQuery<LpResponse>(id, 'lp', p);
export const chartQuery = (id: number, p: Period) => siteQuery<LpChartResponse>(id, 'lp/chart', p);
export const pagesQuery = (id: number, p: Period) => siteQuery<PagesResponse>(id, 'pages', p);
export const rankingQuery = (id: number, p: Period) => siteQuery<RankingResponse>(id, 'ranking', p);
export const funnelQuery = (id: number, p: Period) => siteQuery<FunnelResponse>(id, 'funnel', p);
export const utmQuery = (id: number, p: Period) => siteQuery<UtmResponse>(id, 'utm', p);
export const referrersQuery = (id: number, p: Period) => siteQuery<ReferrersResponse>(id, 'referrers', p);
export const heatmapQuery = (id: number, p: Period, pageId: number) => siteQuery<HeatmapResponse>(id, 'heatmap', p, { pageId });
export const settingsQuery = (id: number) =>
  queryOptions({
    queryKey: ['analysis', id, 'settings'],
    queryFn: ({ signal }) => api.get<AnalysisSettings>(`${base(id)}/settings`, { signal }),
  });
export const saveSettings = (id: number, s: AnalysisSettings) => api.put<AnalysisSettings>(`${base(id)}/settings`, s);

export type CsvKind = 'lp' | 'page' | 'ranking';
/** The CSV as the server writes it (BOM, translated headers). */
export const exportCsv = (id: number, kind: CsvKind, p: Period) =>
  api.get<string>(`${base(id)}/${kind}/export-csv`, { query: q(p), raw: true });

export interface SitesParams extends Period {
  page: number;
  pageSize: number;
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
}
export const sitesQuery = (p: SitesParams) =>
  queryOptions({
    queryKey: ['analysis', 'sites', p],
    queryFn: ({ signal }) => api.get<AnalysisSitesResponse>('analysis/sites', { query: { ...p }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
