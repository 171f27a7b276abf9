import { Alert, Box, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ExperimentDetail, VariationContent } from '@swipe/core';
import type { Language } from '@swipe/core/constants.ts';
import type { SiteDocument } from '@swipe/core/site.ts';
import { useState } from 'react';
import { usePlanLimits } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { PageTools } from '../components/page-tools';
import { PhoneCanvas, type Selection } from '../components/phone-canvas';
import { PopupPanel } from '../components/popup-panel';
import { EditorContext, type EditorContextValue } from '../editor-context';
import { type Button as Btn, CANVAS, type Doc, type Product } from '../model/doc';
import { pagesWithCells } from './labels';

// One variation edited with the site editor's own page tools (canvas, page, buttons, products, popup CTAs) on the
// published site with the variation in place; only the pages under test (and the popup CTAs where tested) can be
// picked, and only they are saved as the variation's content.

/** The published document with a variation's pages and popup CTAs in place. */
export function docWith(base: SiteDocument, content: VariationContent): Doc {
  const doc = structuredClone(base) as Doc;
  for (const c of doc.categories)
    c.pages = c.pages.map((p) => {
      const own = p.id ? content.pages[String(p.id)] : undefined;
      return own ? { ...structuredClone(own), id: p.id } : p;
    });
  if (content.popupCtas) doc.popupCtas = { ...doc.popupCtas, ...structuredClone(content.popupCtas) };
  return doc;
}

/** What of a variation's document is its content: the pages under test, the popup CTAs when tested. */
export function contentOf(doc: Doc, pageIds: number[], popup: boolean): VariationContent {
  const pages: VariationContent['pages'] = {};
  for (const c of doc.categories) for (const p of c.pages) if (p.id && pageIds.includes(Number(p.id))) pages[String(p.id)] = p;
  return popup ? { pages, popupCtas: doc.popupCtas } : { pages };
}

/** The pages an experiment tests (every page with a creative for the whole site). */
export function testedPages(x: ExperimentDetail, base: SiteDocument): { id: number; cell: string; c: number; r: number }[] {
  const all = pagesWithCells(base);
  return x.scope === 'site' ? all : all.filter((p) => x.pageIds.includes(p.id));
}

export function VariationEditor({
  siteId,
  doc,
  onChange,
  pages,
  popup,
  readOnly,
  errors,
}: {
  siteId: number;
  doc: Doc;
  onChange: (d: Doc) => void;
  pages: { id: number; cell: string; c: number; r: number }[];
  popup: boolean;
  readOnly: boolean;
  errors: Record<string, string>;
}) {
  const t = useT();
  const plan = usePlanLimits();
  const session = useSession();
  const [lang, setLang] = useState<Language>(doc.defaultLanguage);
  const [cell, setCell] = useState(pages[0]?.cell ?? '');
  const [sel, setSel] = useState<Selection>(null);
  const [tab, setTab] = useState<string>('page');
  const { ref, width } = useElementSize();
  const at = pages.find((p) => p.cell === cell) ?? pages[0];
  const page = at ? doc.categories[at.c]?.pages[at.r] : undefined;
  const ctx: EditorContextValue = {
    siteId,
    doc,
    update: (fn) => {
      if (readOnly) return;
      const next = structuredClone(doc);
      fn(next);
      onChange(next);
    },
    replace: (d) => !readOnly && onChange(d),
    lang,
    errors,
    canScripts: session?.user.authority === 'EDIT',
    maxCreatives: plan.data?.quantitySwipe ?? 2600,
    flags: plan.data?.flags ?? {},
  };
  const scale = width ? Math.min(1, width / (CANVAS.width + 16)) : 1;
  const setButton = (i: number, patch: Partial<Btn>) =>
    ctx.update((d) => {
      const b = at && d.categories[at.c]?.pages[at.r]?.buttons[i];
      if (b) Object.assign(b, patch);
    });
  const setProduct = (i: number, patch: Partial<Product>) =>
    ctx.update((d) => {
      const p = at && d.categories[at.c]?.pages[at.r]?.products[i];
      if (p) Object.assign(p, patch);
    });

  return (
    <EditorContext.Provider value={ctx}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          {pages.length > 0 && (
            <Select
              label={t('admin.xp_edit_page')}
              data={pages.map((p) => p.cell)}
              value={at?.cell ?? null}
              onChange={(v) => {
                if (v) setCell(v);
                setSel(null);
              }}
              allowDeselect={false}
              w={140}
              data-testid="xp-page-select"
            />
          )}
          {doc.languages.length > 1 && (
            <SegmentedControl
              aria-label={t('admin.language')}
              value={lang}
              onChange={(v) => setLang(v as Language)}
              data={doc.languages.map((l) => ({ value: l, label: l.toUpperCase() }))}
            />
          )}
        </Group>
        {readOnly && (
          <Alert color="gray" variant="light" py={8}>
            <Text size="sm">{t('admin.xp_readonly')}</Text>
          </Alert>
        )}
        {page && at && (
          <Box style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
            <Stack gap="xs" align="center" ref={ref} style={{ minWidth: 0 }}>
              <Box style={{ width: CANVAS.width * scale + 16, height: CANVAS.height * scale + 16, padding: 8 }}>
                <Box style={{ transform: `scale(${scale})`, transformOrigin: 'top left', width: CANVAS.width, height: CANVAS.height }}>
                  <PhoneCanvas
                    page={page}
                    lang={lang}
                    selection={sel}
                    onSelect={(s) => {
                      setSel(s);
                      if (s) setTab(s.kind === 'button' ? 'buttons' : 'products');
                    }}
                    onButton={setButton}
                    onProduct={setProduct}
                    label={t('admin.canvas_label', { cell: at.cell })}
                    cell={at.cell}
                  />
                </Box>
              </Box>
            </Stack>
            <Stack gap="xs" style={{ minWidth: 0 }}>
              <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <PageTools c={at.c} r={at.r} page={page} tab={tab} onTab={setTab} sel={sel} onSel={setSel} />
              </fieldset>
            </Stack>
          </Box>
        )}
        {popup && (
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text fw={600} size="sm" mb="xs">
              {t('admin.xp_popup_section')}
            </Text>
            <PopupPanel />
          </fieldset>
        )}
      </Stack>
    </EditorContext.Provider>
  );
}
