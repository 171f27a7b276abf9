import { Tabs } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { ButtonInspector } from './button-inspector';
import { PageInspector } from './page-inspector';
import type { Selection } from './phone-canvas';
import { ProductInspector } from './product-inspector';

/**
 * The tools beside the phone canvas for one page: its settings, its buttons and its products, one tab each. The
 * editor's creatives and an A/B test's variation use the same tools on the page they show.
 */
export function PageTools({
  c,
  r,
  page,
  tab,
  onTab,
  sel,
  onSel,
}: {
  c: number;
  r: number;
  page: { buttons: readonly unknown[]; products: readonly unknown[] };
  tab: string;
  onTab: (tab: string) => void;
  sel: Selection;
  onSel: (sel: Selection) => void;
}) {
  const t = useT();
  const path = `categories.${c}.pages.${r}`;
  return (
    <Tabs value={tab} onChange={(v) => v && onTab(v)} variant="pills" radius="sm">
      <Tabs.List grow>
        <Tabs.Tab value="page">{t('admin.tab_page')}</Tabs.Tab>
        <Tabs.Tab value="buttons">{t('admin.tab_buttons', { count: page.buttons.length })}</Tabs.Tab>
        <Tabs.Tab value="products">{t('admin.tab_products', { count: page.products.length })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="page" pt="sm">
        <PageInspector c={c} r={r} path={path} />
      </Tabs.Panel>
      <Tabs.Panel value="buttons" pt="sm">
        <ButtonInspector
          c={c}
          r={r}
          path={path}
          index={sel?.kind === 'button' ? sel.index : null}
          onIndex={(i) => onSel(i === null ? null : { kind: 'button', index: i })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="products" pt="sm">
        <ProductInspector
          c={c}
          r={r}
          path={path}
          index={sel?.kind === 'product' ? sel.index : null}
          onIndex={(i) => onSel(i === null ? null : { kind: 'product', index: i })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
