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

// The first load carries the shell, the login screen and the error screens; every other screen (and the
// signed-in layout with its menu, modals and date pickers) is a chunk the router fetches when a route needs it.

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

export const router = createBrowserRouter([
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
        ...page(() => import('../features/shell/app-layout'), 'SignedInLayout'),
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('../features/dashboard/landing'), 'Landing') },
          {
            path: 'site-list',
            // the list's request starts beside the screen's code (the landing screen after signing in); once
            // on the screen, its own query follows the search and the pages
            loader: prefetchSiteList,
            shouldRevalidate: () => false,
            ...page(() => import('../features/sites/site-list-page'), 'SiteListPage'),
          },
          { path: 'create-site', ...page(() => import('../features/sites/create-site-page'), 'CreateSitePage') },
          { path: 'site/:id', ...page(() => import('../features/editor/editor-page'), 'EditorPage') },
          { path: 'site/:id/visitors', ...page(() => import('../features/visitors/visitors-page'), 'VisitorsPage') },
          { path: 'site/:id/revisions', ...page(() => import('../features/revisions/revisions-page'), 'RevisionsPage') },
          { path: 'site/:id/experiments', ...page(() => import('../features/editor/experiments/list-page'), 'ExperimentsPage') },
          {
            path: 'site/:id/experiments/:experimentId',
            ...page(() => import('../features/editor/experiments/detail-page'), 'ExperimentPage'),
          },
          { path: 'summary', ...page(() => import('../features/dashboard/summary-page'), 'SummaryPage', 'summary') },
          { path: 'user-list/import', ...page(() => import('../features/user-import/import-page'), 'UserImportPage', 'user_list') },
          { path: 'user-list', ...page(() => import('../features/users/user-list-page'), 'UserListPage', 'user_list') },
          { path: 'user/:id', ...page(() => import('../features/users/user-detail-page'), 'UserDetailPage') },
          { path: 'create-user/:id', ...page(() => import('../features/users/user-form-page'), 'CreateUserPage') },
          { path: 'update-user/:type/:id', ...page(() => import('../features/users/user-form-page'), 'UpdateUserPage') },
          { path: 'analytics', ...page(() => import('../features/analytics/analytics-page'), 'AnalyticsPage') },
          { path: 'site/list/:id', ...page(() => import('../features/analytics/site-analytics-page'), 'SiteAnalyticsPage') },
          {
            path: 'plan-management',
            ...page(() => import('../features/plans/plan-management-page'), 'PlanManagementPage', 'plan_management'),
          },
          { path: 'plan', ...page(() => import('../features/billing/plan-page'), 'PlanPage') },
          { path: 'latest-information', ...page(() => import('../features/news/news-list-page'), 'NewsListPage') },
          { path: 'latest-information/create', ...page(() => import('../features/news/news-form-page'), 'NewsCreatePage') },
          { path: 'latest-information/edit/:id', ...page(() => import('../features/news/news-form-page'), 'NewsEditPage') },
          { path: 'latest-information/:id', ...page(() => import('../features/news/news-detail-page'), 'NewsDetailPage') },
          {
            path: 'system-notification',
            ...page(() => import('../features/news/system-list-page'), 'SystemNotificationListPage', 'system_notification'),
          },
          {
            path: 'create-notification',
            ...page(() => import('../features/news/system-notification-page'), 'CreateNotificationPage', 'system_notification'),
          },
          { path: 'notification/:id', ...page(() => import('../features/news/system-notification-page'), 'NotificationPage') },
          { path: 'notification-delivery/:siteId', ...page(() => import('../features/deliveries/list-page'), 'DeliveryListPage') },
          { path: 'notification-delivery/:siteId/create', ...page(() => import('../features/deliveries/form-page'), 'DeliveryCreatePage') },
          { path: 'notification-delivery/:siteId/edit/:id', ...page(() => import('../features/deliveries/form-page'), 'DeliveryEditPage') },
          {
            path: 'notification-delivery/:siteId/detail/:id',
            ...page(() => import('../features/deliveries/detail-page'), 'DeliveryDetailPage'),
          },
          { path: 'surveys', ...page(() => import('../features/surveys/list-page'), 'SurveyListPage') },
          { path: 'surveys/create', ...page(() => import('../features/surveys/form-page'), 'SurveyCreatePage') },
          { path: 'surveys/edit/:id', ...page(() => import('../features/surveys/form-page'), 'SurveyEditPage') },
          { path: 'site/:id/survey-responses', ...page(() => import('../features/surveys/responses-page'), 'SurveyResponsesPage') },
          { path: 'check-plan', ...page(() => import('../features/billing/check-plan-page'), 'CheckPlanPage') },
          { path: 'billing', ...page(() => import('../features/billing/check-plan-page'), 'BillingPage', 'billing') },
          { path: 'admin-list', ...page(() => import('../features/staff/admin-list-page'), 'AdminListPage', 'admin_settings') },
          {
            path: 'api-settings',
            ...page(() => import('../features/integrations/api-settings-page'), 'ApiSettingsPage', 'admin_settings'),
          },
          { path: 'settings', ...page(() => import('../features/settings/settings-page'), 'SettingsPage') },
          { path: 'profile-image', ...page(() => import('../features/staff/profile-image-page'), 'ProfileImagePage') },
          { path: 'delete-account', ...page(() => import('../features/staff/delete-account-page'), 'DeleteAccountPage') },
          { path: '*', element: <NotFoundInline /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
