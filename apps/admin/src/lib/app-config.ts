import type { AppConfig, AppPlan } from '@swipe/core';
import type { IMAGE_WIDTHS } from '@swipe/core/constants.ts';
import { mediaUrl, variantKey } from '@swipe/core/media.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The deployment's settings for the screens (the sites origin's address among them); asked once a session. */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => api.get<AppConfig>('app-config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

export function usePlanLimits() {
  return useQuery({ queryKey: ['plan-limits'], queryFn: () => api.get<AppPlan>('app-config/plan'), staleTime: 5 * 60_000 });
}

type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Media keys are served by the sites origin at /media/{key}. */
export function useMediaSrc() {
  const { data } = useAppConfig();
  const base = data ? `${data.sitesUrl}/media` : null;
  // only the widths the media pipeline makes (any other variant is a 404)
  return (key: string | null | undefined, width?: ImageWidth): string | undefined => {
    if (!key || !base) return undefined;
    if (/^https?:\/\//.test(key) || key.startsWith('/') || key.startsWith('blob:')) return key;
    return mediaUrl(base, width && /\.(jpe?g|jfif|png|heic|heif)$/i.test(key) ? variantKey(key, width) : key) ?? undefined;
  };
}
