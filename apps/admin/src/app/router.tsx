import type { MenuEntry } from '@swipe/core/menu.ts';
import { useEffect } from 'react';
import { createBrowserRouter, Outlet, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/login-page';
import { ErrorRoute, NotFoundInline, NotFoundPage } from '../features/errors/error-page';
import { RouteError } from '../features/errors/route-error';
import { HomeRedirect } from '../features/shell/require-auth';
import { prefetchSiteList } from '../features/sites/api/sites';
import { loadScreenMessages } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import type { ScreenModule, screens } from './signed-in';

// The first load carries the shell, the login screen and the error screens; every other screen (and the
// signed-in layout with its menu, modals and date pickers) is a chunk the router fetches when a route needs it,
// the signed-in screens through the layout's module (signed-in.tsx).

function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  return <Outlet />;
}

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T, entry?: MenuEntry) => ({
  // every lazy screen also needs the back-office keys beyond the shell's (lib/i18n.tsx) and the styles of the
  // components beyond the first load's (screen-styles.ts)
  lazy: async () => {
    const [m, guard] = await Promise.all([
      load(),
      entry ? import('../components/menu-guard') : undefined,
      loadScreenMessages(),
      import('./screen-styles'),
    ]);
    const Screen = m[name] as React.ComponentType;
    // a menu entry's screen: not found for an account the menu matrix keeps out (components/menu-guard.tsx)
    if (!entry || !guard) return { Component: Screen };
    const { MenuGuard } = guard;
    return {
      Component: () => (
        <MenuGuard entry={entry}>
          <Screen />
        </MenuGuard>
      ),
    };
  },
});

type ScreenOf<K extends ScreenModule> = Awaited<ReturnType<(typeof screens)[K]>>;

/** A signed-in screen's module, imported through the layout's chunk (signed-in.tsx says why). */
const signedIn =
  <K extends ScreenModule>(key: K) =>
  async (): Promise<ScreenOf<K>> => {
    const { screens: all } = await import('./signed-in');
    // the key's own module type, where calling `all[key]` would give the union of every screen's
    const load = all[key] as () => Promise<ScreenOf<K>>;
    return load();
  };

/**
 * The app's router: made, it starts loading the screen of this address (its chunks and, for the site list, its
 * rows). main.tsx makes it in a task of its own, after the first load's modules have run.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        { index: true, element: <HomeRedirect /> },
        { path: 'login', element: <LoginPage /> },
        { path: 'reset-pass', ...page(() => import('../features/auth/reset-pass-page'), 'ResetPassPage') },
        { path: 'new-password', ...page(() => import('../features/auth/new-password-page'), 'NewPasswordPage') },
        { path: 'first-time-change-password', ...page(() => import('../features/auth/first-time-page'), 'FirstTimePage') },
        { path: 'log-out', ...page(() => import('../features/auth/logout-page'), 'LogoutPage') },
        { path: 'errors/:code', element: <ErrorRoute /> },
        {
          path: ':userTypeId',
          ...page(() => import('./signed-in'), 'SignedInLayout'),
          errorElement: <RouteError />,
          children: [
            { index: true, ...page(signedIn('dashboard/landing'), 'Landing') },
            {
              path: 'site-list',
              // the list's request starts beside the screen's code (the landing screen after signing in); once
              // on the screen, its own query follows the search and the pages
              loader: prefetchSiteList,
              shouldRevalidate: () => false,
              ...page(signedIn('sites/site-list-page'), 'SiteListPage'),
            },
            { path: 'create-site', ...page(signedIn('sites/create-site-page'), 'CreateSitePage') },
            { path: 'site/:id', ...page(signedIn('editor/editor-page'), 'EditorPage') },
            { path: 'site/:id/visitors', ...page(signedIn('visitors/visitors-page'), 'VisitorsPage') },
            { path: 'site/:id/revisions', ...page(signedIn('revisions/revisions-page'), 'RevisionsPage') },
            { path: 'site/:id/experiments', ...page(signedIn('editor/experiments/list-page'), 'ExperimentsPage') },
            {
              path: 'site/:id/experiments/:experimentId',
              ...page(signedIn('editor/experiments/detail-page'), 'ExperimentPage'),
            },
            { path: 'summary', ...page(signedIn('dashboard/summary-page'), 'SummaryPage', 'summary') },
            { path: 'user-list/import', ...page(signedIn('user-import/import-page'), 'UserImportPage', 'user_list') },
            { path: 'user-list', ...page(signedIn('users/user-list-page'), 'UserListPage', 'user_list') },
            { path: 'user/:id', ...page(signedIn('users/user-detail-page'), 'UserDetailPage') },
            { path: 'create-user/:id', ...page(signedIn('users/user-form-page'), 'CreateUserPage') },
            { path: 'update-user/:type/:id', ...page(signedIn('users/user-form-page'), 'UpdateUserPage') },
            { path: 'analytics', ...page(signedIn('analytics/analytics-page'), 'AnalyticsPage') },
            { path: 'site/list/:id', ...page(signedIn('analytics/site-analytics-page'), 'SiteAnalyticsPage') },
            {
              path: 'plan-management',
              ...page(signedIn('plans/plan-management-page'), 'PlanManagementPage', 'plan_management'),
            },
            { path: 'plan', ...page(signedIn('billing/plan-page'), 'PlanPage') },
            { path: 'latest-information', ...page(signedIn('news/news-list-page'), 'NewsListPage') },
            { path: 'latest-information/create', ...page(signedIn('news/news-form-page'), 'NewsCreatePage') },
            { path: 'latest-information/edit/:id', ...page(signedIn('news/news-form-page'), 'NewsEditPage') },
            { path: 'latest-information/:id', ...page(signedIn('news/news-detail-page'), 'NewsDetailPage') },
            {
              path: 'system-notification',
              ...page(signedIn('news/system-list-page'), 'SystemNotificationListPage', 'system_notification'),
            },
            {
              path: 'create-notification',
              ...page(signedIn('news/system-notification-page'), 'CreateNotificationPage', 'system_notification'),
            },
            { path: 'notification/:id', ...page(signedIn('news/system-notification-page'), 'NotificationPage') },
            { path: 'notification-delivery/:siteId', ...page(signedIn('deliveries/list-page'), 'DeliveryListPage') },
            { path: 'notification-delivery/:siteId/create', ...page(signedIn('deliveries/form-page'), 'DeliveryCreatePage') },
            { path: 'notification-delivery/:siteId/edit/:id', ...page(signedIn('deliveries/form-page'), 'DeliveryEditPage') },
            {
              path: 'notification-delivery/:siteId/detail/:id',
              ...page(signedIn('deliveries/detail-page'), 'DeliveryDetailPage'),
            },
            { path: 'surveys', ...page(signedIn('surveys/list-page'), 'SurveyListPage') },
            { path: 'surveys/create', ...page(signedIn('surveys/form-page'), 'SurveyCreatePage') },
            { path: 'surveys/edit/:id', ...page(signedIn('surveys/form-page'), 'SurveyEditPage') },
            { path: 'site/:id/survey-responses', ...page(signedIn('surveys/responses-page'), 'SurveyResponsesPage') },
            { path: 'check-plan', ...page(signedIn('billing/check-plan-page'), 'CheckPlanPage') },
            { path: 'billing', ...page(signedIn('billing/check-plan-page'), 'BillingPage', 'billing') },
            { path: 'admin-list', ...page(signedIn('staff/admin-list-page'), 'AdminListPage', 'admin_settings') },
            {
              path: 'api-settings',
              ...page(signedIn('integrations/api-settings-page'), 'ApiSettingsPage', 'admin_settings'),
            },
            { path: 'settings', ...page(signedIn('settings/settings-page'), 'SettingsPage') },
            { path: 'profile-image', ...page(signedIn('staff/profile-image-page'), 'ProfileImagePage') },
            { path: 'delete-account', ...page(signedIn('staff/delete-account-page'), 'DeleteAccountPage') },
            { path: '*', element: <NotFoundInline /> },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
