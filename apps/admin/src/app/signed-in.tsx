// The signed-in layout and, from here rather than from the router, every screen drawn inside it: the build then
// knows the layout is loaded whenever one of these screens is, and keeps what the layout and a screen share in the
// layout's chunk (one file) instead of a chunk per shared Mantine component (17 files before the site list's own).
export { SignedInLayout } from '../features/shell/app-layout';

export const screens = {
  'dashboard/landing': () => import('../features/dashboard/landing'),
  'sites/site-list-page': () => import('../features/sites/site-list-page'),
  'sites/create-site-page': () => import('../features/sites/create-site-page'),
  'editor/editor-page': () => import('../features/editor/editor-page'),
  'visitors/visitors-page': () => import('../features/visitors/visitors-page'),
  'revisions/revisions-page': () => import('../features/revisions/revisions-page'),
  'editor/experiments/list-page': () => import('../features/editor/experiments/list-page'),
  'editor/experiments/detail-page': () => import('../features/editor/experiments/detail-page'),
  'dashboard/summary-page': () => import('../features/dashboard/summary-page'),
  'user-import/import-page': () => import('../features/user-import/import-page'),
  'users/user-list-page': () => import('../features/users/user-list-page'),
  'users/user-detail-page': () => import('../features/users/user-detail-page'),
  'users/user-form-page': () => import('../features/users/user-form-page'),
  'analytics/analytics-page': () => import('../features/analytics/analytics-page'),
  'analytics/site-analytics-page': () => import('../features/analytics/site-analytics-page'),
  'plans/plan-management-page': () => import('../features/plans/plan-management-page'),
  'billing/plan-page': () => import('../features/billing/plan-page'),
  'news/news-list-page': () => import('../features/news/news-list-page'),
  'news/news-form-page': () => import('../features/news/news-form-page'),
  'news/news-detail-page': () => import('../features/news/news-detail-page'),
  'news/system-list-page': () => import('../features/news/system-list-page'),
  'news/system-notification-page': () => import('../features/news/system-notification-page'),
  'deliveries/list-page': () => import('../features/deliveries/list-page'),
  'deliveries/form-page': () => import('../features/deliveries/form-page'),
  'deliveries/detail-page': () => import('../features/deliveries/detail-page'),
  'surveys/list-page': () => import('../features/surveys/list-page'),
  'surveys/form-page': () => import('../features/surveys/form-page'),
  'surveys/responses-page': () => import('../features/surveys/responses-page'),
  'billing/check-plan-page': () => import('../features/billing/check-plan-page'),
  'staff/admin-list-page': () => import('../features/staff/admin-list-page'),
  'integrations/api-settings-page': () => import('../features/integrations/api-settings-page'),
  'settings/settings-page': () => import('../features/settings/settings-page'),
  'staff/profile-image-page': () => import('../features/staff/profile-image-page'),
  'staff/delete-account-page': () => import('../features/staff/delete-account-page'),
};

export type ScreenModule = keyof typeof screens;

// The list kit nearly every signed-in screen draws with rides in the same chunk: re-exported here so the build
// keeps it there rather than in files of its own fetched beside each list screen.
export { CopyButton } from '../components/copy-button';
export { AddButton, RowAction, RowActions, RowLink } from '../components/data-list/cells';
export { DataList } from '../components/data-list/data-list';
export { FilterSelect } from '../components/data-list/filter-select';
export { useListState } from '../components/data-list/list-state';
export { StatusBadge } from '../components/status-badge';
