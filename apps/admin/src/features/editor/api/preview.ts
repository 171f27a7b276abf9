import type { LiveStateView, PreviewTicketView } from '@swipe/core';
import { api } from '../../../lib/api';

// The operator's own preview and the live state of the site .

/** A single-use ticket that opens the preview on the sites origin without a passcode. */
export const previewTicket = (siteId: number, lang: string) => api.post<PreviewTicketView>(`preview/site/${siteId}/share/ticket`, { lang });
/** Whether the site is live and whether the saved working copy differs from the live copy. */
export const liveState = (siteId: number) => api.get<LiveStateView>(`preview/site/${siteId}/share/live`);
export const liveStateKey = (siteId: number) => ['sites', 'live', siteId] as const;
