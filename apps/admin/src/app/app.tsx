import { type CSSVariablesResolver, createTheme, MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useT } from '../lib/i18n';
import { queryClient } from '../lib/query';
import type { createAppRouter } from './router';

const base: MantineThemeOverride = {
  primaryColor: 'indigo',
  // shade 7: white text on it and it on white both pass WCAG AA
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans KR", "Noto Sans SC", Meiryo, sans-serif',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
    // a select's option list is drawn when it opens: Mantine keeps it mounted (hidden) by default, and every
    // hidden list measured its scroll area on each signed-in load
    Combobox: { defaultProps: { keepMounted: false } },
  },
};

/**
 * The theme in the interface language: every modal, drawer, toast and date picker (confirmations through the modals manager
 * and every notifications.show included) gets its close button's accessible name here, once, instead of at each call.
 */
function useTheme() {
  const t = useT();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('common.close') };
    // the calendar's arrows (month, year or decade, as the picker shows)
    const calendar = { defaultProps: { previousLabel: t('admin.calendar_previous'), nextLabel: t('admin.calendar_next') } };
    return createTheme({
      ...base,
      components: {
        ...base.components,
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        DateInput: calendar,
        DatePickerInput: calendar,
        DateTimePicker: calendar,
      },
    });
  }, [t]);
}

// Text colours that pass WCAG AA contrast on white and on the light tints (axe: color-contrast).
const LIGHT_TEXT = ['gray', 'red', 'orange', 'yellow', 'teal', 'green', 'blue', 'indigo', 'cyan', 'violet', 'grape'];
// shade 9 is not dark enough on its own tint for these hues
const DARKER: Record<string, string> = { teal: '#0a6b4f', green: '#1f6b2a', orange: '#a8400d', yellow: '#8a5a00', cyan: '#0b6274' };
const contrast: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    ...Object.fromEntries(LIGHT_TEXT.map((c) => [`--mantine-color-${c}-light-color`, DARKER[c] ?? `var(--mantine-color-${c}-9)`])),
    ...Object.fromEntries(LIGHT_TEXT.map((c) => [`--mantine-color-${c}-text`, `var(--mantine-color-${c}-8)`])),
  },
  dark: {},
});

// Toasts only ever follow an action, so their component (transitions and styles included) is not part of the
// first load: it is fetched with the first toast (the store keeps it meanwhile) and stays.
const NotificationsHost = lazy(() => import('../components/notifications-host').then((m) => ({ default: m.NotificationsHost })));
function Toasts() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && shown.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Mantine's style tags carry the nonce of this response (the CSP allows inline styles anyway). */
function styleNonce(): string {
  return document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const theme = useTheme();
  return (
    <MantineProvider theme={theme} getStyleNonce={styleNonce} defaultColorScheme="light" cssVariablesResolver={contrast}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
