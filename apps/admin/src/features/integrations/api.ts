import type { ApiSettingsBody, ApiSettingsResponse, ApiSettingsView, WebhookDelivery } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The calls of the API settings screen (server: modules/integrations/routes.ts).

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['integrations', 'settings'],
    queryFn: ({ signal }) => api.get<ApiSettingsView>('integrations/settings', { signal }),
  });
export const deliveriesQuery = () =>
  queryOptions({
    queryKey: ['integrations', 'deliveries'],
    queryFn: ({ signal }) => api.get<{ items: WebhookDelivery[] }>('integrations/deliveries', { signal }),
  });

export const saveSettings = (body: ApiSettingsBody) => api.put<ApiSettingsResponse>('integrations/settings', body);
export const rotateKey = () => api.post<ApiSettingsResponse>('integrations/api-key/rotate');
export const rotateSecret = () => api.post<ApiSettingsResponse>('integrations/webhook-secret/rotate');
export const resend = (id: number) => api.post<WebhookDelivery>(`integrations/deliveries/${id}/resend`);
