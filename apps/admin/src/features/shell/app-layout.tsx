import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { menuFor } from '@swipe/core/menu.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { HintLayer } from '../../components/hint-layer';
import {
  IconBell,
  IconChart,
  IconDashboard,
  IconLayout,
  IconLogout,
  IconNews,
  IconPhoto,
  IconPlan,
  IconReceipt,
  IconSettings,
  IconTrash,
  IconUsers,
  IconYen,
} from '../../components/icons';
import { LanguageSelect } from '../../components/language-select';
import { usePhoneLayout } from '../../components/list-layout';
import { PageLoader } from '../../components/page-loader';
import { useDayjsLocale } from '../../lib/dayjs-locale';
import { useLang, useT } from '../../lib/i18n';
import { onFirstUse } from '../../lib/on-first-use';
import { useBase, useSession } from '../../lib/session';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';
import { RequireAuth } from './require-auth';

// The signed-in area, loaded by the router after the login screen: its providers (date pickers; the confirm
// modals' host, fetched with the first modal), the menu, and the password modal (with its zod rules) fetched the
// first time it is opened.
const ChangePasswordModal = lazy(() => import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));

function SignedInProviders({ children }: { children: React.ReactNode }) {
  const lang = useLang();
  const locale = useDayjsLocale(lang);
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: lang === 'en' ? 0 : 1 }}>
      {children}
      <Modals />
    </DatesProvider>
  );
}

const useModalsHost = onFirstUse(() => import('./modals-host'));
const OPENS = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);

/**
 * The confirm modals' host, drawn with the first modal a screen asks for (modals-host.tsx); the asks that come
 * before it is there are handed to it once it is (it listens from its layout effect, before this effect runs).
 */
function Modals() {
  const [host, want] = useModalsHost();
  const early = useRef<CustomEvent[]>([]);
  useEffect(() => {
    if (host) {
      for (const e of early.current.splice(0)) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
      return;
    }
    const ask = (e: Event) => {
      early.current.push(e as CustomEvent);
      want();
    };
    for (const name of OPENS) window.addEventListener(name, ask);
    return () => {
      for (const name of OPENS) window.removeEventListener(name, ask);
    };
  }, [host, want]);
  return host ? <host.ModalsHost /> : null;
}

export function SignedInLayout() {
  return (
    <RequireAuth>
      <SignedInProviders>
        <AppLayout />
      </SignedInProviders>
    </RequireAuth>
  );
}

// Sidebar menu of back-office.md 2, in the spec's order.
const MENU = [
  { key: 'summary', path: 'summary', icon: IconDashboard },
  { key: 'user_list', path: 'user-list', icon: IconUsers },
  { key: 'site_production', path: 'site-list', icon: IconLayout, match: ['site-list', 'create-site', 'site/'] },
  // a site's analytics (site/list/{id}) is under Analytics, not under the site production's site/ prefix
  { key: 'analytics', path: 'analytics', icon: IconChart, match: ['analytics', 'site/list/'] },
  { key: 'plan_management', path: 'plan-management', icon: IconPlan },
  { key: 'latest_information', path: 'latest-information', icon: IconNews },
  { key: 'system_notification', path: 'system-notification', icon: IconBell },
  { key: 'plan_check', path: 'check-plan', icon: IconReceipt },
  { key: 'billing', path: 'billing', icon: IconYen },
  // one Settings screen leads to the staff list and the API settings (features/settings)
  { key: 'admin_settings', path: 'settings', icon: IconSettings, match: ['settings', 'admin-list', 'api-settings'] },
  { key: 'profile_image', path: 'profile-image', icon: IconPhoto },
  { key: 'delete_account', path: 'delete-account', icon: IconTrash },
] as const;

/** How much of the address an entry claims (0: none); the entry with the longest claim is the one marked. */
function matchLength(m: (typeof MENU)[number], rest: string): number {
  const hits = ('match' in m ? m.match : [m.path]).filter((p) => rest === p || rest.startsWith(p.endsWith('/') ? p : `${p}/`));
  return Math.max(0, ...hits.map((p) => p.length));
}

/** Whether the signed-in shell has been drawn once in this page's life. */
let shellDrawn = false;

/**
 * The first signed-in screen of a page load draws its shell (header, menu) in one task and its page in the next:
 * one task drawing both kept a phone's main thread busy for 215 to 290 ms at once (Lighthouse's 4x CPU; its total
 * blocking time counts each task's time past 50 ms), and the header may be painted in between. Later screens draw
 * at once, the shell being there (docs/decisions.md, "The first signed-in load yields between its long pieces").
 */
function AfterShell({ children }: { children: React.ReactNode }) {
  const [ready, setReady] = useState(shellDrawn);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => {
      shellDrawn = true;
      setReady(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready ? children : null;
}

export function AppLayout() {
  const t = useT();
  const base = useBase();
  const session = useSession();
  const location = useLocation();
  const [opened, { toggle, close }] = useDisclosure();
  const [pwOpen, pw] = useDisclosure();
  const [pwUsed, setPwUsed] = useState(false);
  // below md the menu is a drawer behind the burger: its links are drawn the first time it opens (and kept),
  // not with every signed-in load of a phone
  const phone = usePhoneLayout();
  const [menuUsed, setMenuUsed] = useState(false);
  if (opened && !menuUsed) setMenuUsed(true);
  const drawMenu = !phone || menuUsed;
  const rest = location.pathname.slice(base.length + 1);
  const user = session?.user;
  // The menu mirrors the server's matrix (core/menu.ts): only the entries this role may use.
  const allowed = new Set<string>(
    user ? menuFor({ ...user, effectiveType: user.effectiveType === 'SUB_ADMIN' ? 'USER' : user.effectiveType }) : [],
  );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 232, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={t('admin.toggle_menu')} />
            {/* one line on a 360 px phone too: a smaller name there */}
            <Text
              component={Link}
              to={`${base}/site-list`}
              fw={700}
              fz={{ base: 'md', sm: 'lg' }}
              c="indigo.7"
              style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
            >
              Swipe Sites
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSelect compact />
            <NotificationBell />
            <AccountMenu
              onChangePassword={() => {
                setPwUsed(true);
                pw.open();
              }}
            />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('admin.main_menu')}>
        {/* the browser's own scrolling: Mantine's ScrollArea watched the menu's size on every signed-in load */}
        <AppShell.Section grow style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}>
          <nav>
            {drawMenu &&
              MENU.filter((m) => !user || allowed.has(m.key)).map((m, _, shown) => {
                const longest = Math.max(...shown.map((x) => matchLength(x, rest)));
                const active = matchLength(m, rest) > 0 && matchLength(m, rest) === longest;
                const Icon = m.icon;
                return (
                  <NavLink
                    key={m.key}
                    component={Link}
                    to={`${base}/${m.path}`}
                    label={t(`admin.nav_${m.key}`)}
                    leftSection={<Icon size={18} />}
                    active={active}
                    onClick={close}
                    aria-current={active ? 'page' : undefined}
                    style={{ borderRadius: 6 }}
                  />
                );
              })}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          {drawMenu && (
            <NavLink
              component={Link}
              to="/log-out"
              label={t('admin.nav_sign_out')}
              leftSection={<IconLogout size={18} />}
              style={{ borderRadius: 6 }}
            />
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <AfterShell>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AfterShell>
      </AppShell.Main>
      <HintLayer />
      {pwUsed && (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={pwOpen} onClose={pw.close} />
        </Suspense>
      )}
    </AppShell>
  );
}
