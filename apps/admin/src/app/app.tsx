import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useLang, useT } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { router } from './router';

const theme = createTheme({
  primaryColor: 'indigo',
  // shade 7: white text on it and it on white both pass WCAG AA
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans KR", "Noto Sans SC", Meiryo, sans-serif',
  components: {
    Button: { defaultProps: { size: 'sm' } },
    TextInput: { defaultProps: { size: 'sm' } },
  },
});

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

/** Mantine's style tags carry the nonce of this response (the CSP allows inline styles anyway). */
function styleNonce(): string {
  return document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
}

const DAYJS_LOCALE = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh-cn' } as const;

function Modals({ children }: { children: React.ReactNode }) {
  const t = useT();
  const lang = useLang();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[lang], firstDayOfWeek: lang === 'en' ? 0 : 1 }}>
      <ModalsProvider labels={{ confirm: t('admin.confirm'), cancel: t('admin.cancel') }} modalProps={{ centered: true }}>
        {children}
      </ModalsProvider>
    </DatesProvider>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} getStyleNonce={styleNonce} defaultColorScheme="light" cssVariablesResolver={contrast}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-center" limit={1} autoClose={3000} zIndex={3000} />
        <Modals>
          <RouterProvider router={router} />
        </Modals>
      </QueryClientProvider>
    </MantineProvider>
  );
}
