import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/login-page';
import { ErrorRoute, NotFoundInline, NotFoundPage } from '../features/errors/error-page';
import { RouteError } from '../features/errors/route-error';
import { HomeRedirect } from '../features/shell/require-auth';
import { setNavigator } from '../lib/navigation';

// The first load carries the shell, the login screen and the error screens; every other screen (and the
// signed-in layout with its menu, modals and date pickers) is a chunk the router fetches when a route needs it.

function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => navigate(to)), [navigate]);
  return <Outlet />;
}

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

const comingSoon = (path: string, item: string) => ({
  path,
  lazy: async () => {
    const { ComingSoon } = await import('../features/shell/coming-soon');
    return { element: <ComingSoon item={item} /> };
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
          { index: true, element: <Navigate to="site-list" replace /> },
          { path: 'site-list', ...page(() => import('../features/sites/site-list-page'), 'SiteListPage') },
          { path: 'create-site', ...page(() => import('../features/sites/create-site-page'), 'CreateSitePage') },
          { path: 'site/:id', ...page(() => import('../features/editor/editor-page'), 'EditorPage') },
          { path: 'site/:id/visitors', ...page(() => import('../features/visitors/visitors-page'), 'VisitorsPage') },
          comingSoon('summary', 'summary'),
          comingSoon('user-list', 'user_list'),
          comingSoon('analytics', 'analytics'),
          comingSoon('site/list/:id', 'analytics'),
          comingSoon('plan-management', 'plan_management'),
          comingSoon('plan', 'plan_management'),
          comingSoon('latest-information/*', 'latest_information'),
          comingSoon('latest-information', 'latest_information'),
          comingSoon('system-notification', 'system_notification'),
          comingSoon('create-notification', 'system_notification'),
          comingSoon('notification/:id', 'system_notification'),
          comingSoon('notification-delivery/*', 'notification_delivery'),
          comingSoon('check-plan', 'plan_check'),
          comingSoon('admin-list', 'admin_settings'),
          comingSoon('profile-image', 'profile_image'),
          comingSoon('delete-account', 'delete_account'),
          comingSoon('user/:id', 'user_list'),
          comingSoon('create-user/:id', 'user_list'),
          comingSoon('update-user/:type/:id', 'user_list'),
          { path: '*', element: <NotFoundInline /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
