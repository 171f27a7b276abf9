import { Alert, Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { parseCellRef } from '@swipe/core/cell.ts';
import { useRef, useState } from 'react';
import { IconPlus, IconUpload } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { bulkUpload, precheck, UPLOAD_ACCEPT, UploadError, uploadFiles } from '../api/editor';
import { useEditor } from '../editor-context';
import { type Button as Btn, CANVAS, cellName, newButton, newProduct, type Product } from '../model/doc';
import { useBeforeUnloadGuard } from '../use-unsaved-guard';
import { type BulkProgress, BulkUploadModal } from './bulk-upload-modal';
import { CanvasOverlaysToggle } from './canvas-overlays';
import { CreativeGrid } from './creative-grid';
import { PageTools } from './page-tools';
import { PhoneCanvas, type Selection } from './phone-canvas';

export function CreativesPanel() {
  const t = useT();
  const { doc, update, lang, errors, siteId } = useEditor();
  const [cell, setCell] = useState<{ c: number; r: number }>({ c: 0, r: 0 });
  const [sel, setSel] = useState<Selection>(null);
  const [tab, setTab] = useState<string>('page');
  const [busy, setBusy] = useState<{ done: number; total: number } | null>(null);
  const [bulk, setBulk] = useState<BulkProgress | null>(null);
  const bulkAbort = useRef<AbortController | null>(null);
  useBeforeUnloadGuard(!!busy || (!!bulk && !bulk.finished));
  const { ref: canvasBox, width: boxWidth } = useElementSize();
  const c = Math.min(cell.c, doc.categories.length - 1);
  const r = Math.min(cell.r, (doc.categories[c]?.pages.length ?? 1) - 1);
  const page = doc.categories[c]?.pages[r];
  const scale = boxWidth ? Math.min(1, boxWidth / (CANVAS.width + 16)) : 1;

  const setButton = (i: number, patch: Partial<Btn>) =>
    update((d) => {
      const b = d.categories[c]?.pages[r]?.buttons[i];
      if (b) Object.assign(b, patch);
    });
  const setProduct = (i: number, patch: Partial<Product>) =>
    update((d) => {
      const p = d.categories[c]?.pages[r]?.products[i];
      if (p) Object.assign(p, patch);
    });
  const select = (s: Selection) => {
    setSel(s);
    if (s) setTab(s.kind === 'button' ? 'buttons' : 'products');
  };

  /** Files fill the empty cells in order (column by column), so creatives stay consecutive. */
  const uploadConsecutive = async (files: File[]) => {
    if (files.length === 0) return;
    const empty: { c: number; r: number }[] = [];
    doc.categories.forEach((col, ci) => {
      col.pages.forEach((p, ri) => {
        if (!p.imageUrl) empty.push({ c: ci, r: ri });
      });
    });
    const bad = files.map((f) => precheck(f)).filter((e): e is string => !!e);
    if (bad.length) return notifyInfo(bad.join(' / '));
    if (files.length > empty.length) return notifyInfo(t('admin.too_many_files', { count: empty.length }));
    setBusy({ done: 0, total: files.length });
    try {
      await uploadFiles(siteId, files, {
        onEach: (i, u) => {
          const target = empty[i];
          if (!target) return;
          update((d) => {
            const p = d.categories[target.c]?.pages[target.r];
            if (p) {
              p.imageUrl = u.key;
              p.mediaType = u.kind === 'video' ? 'VIDEO' : 'IMAGE';
            }
          });
          setBusy({ done: i + 1, total: files.length });
        },
      });
      notifySuccess(t('admin.uploaded_count', { count: files.length }));
    } catch (e) {
      if (e instanceof UploadError) notifyInfo(e.message);
      else notifyError(e);
    } finally {
      setBusy(null);
    }
  };

  const startBulk = async (zip: File | null) => {
    if (!zip) return;
    if (!/\.zip$/i.test(zip.name)) return notifyInfo(t('admin.bulk_zip_only'));
    if (zip.size > 1024 ** 3) return notifyInfo(t('admin.bulk_too_large'));
    const ctrl = new AbortController();
    bulkAbort.current = ctrl;
    setBulk({ status: null });
    try {
      const s = await bulkUpload(siteId, zip, (st) => setBulk({ status: st }), ctrl.signal);
      update((d) => {
        for (const p of s.placed) {
          const at = parseCellRef(p.cell);
          const pg = at && d.categories[at.column - 1]?.pages[at.row - 1];
          if (pg) {
            pg.imageUrl = p.key;
            pg.mediaType = /\.(mp4|mov|mpe?g|webm)$/i.test(p.key) ? 'VIDEO' : 'IMAGE';
          }
        }
      });
      setBulk({ status: s, finished: true });
    } catch (e) {
      if ((e as Error).name === 'AbortError') return setBulk(null);
      setBulk({ status: null, error: e instanceof Error ? e.message : String(e), finished: true });
      if (!(e instanceof UploadError)) notifyError(e);
    }
  };

  if (!page) return null;
  const cellErr = errors.categories;

  return (
    <Stack gap="md">
      {cellErr && (
        <Alert color="red" variant="light" py={8}>
          <Text size="sm">{cellErr}</Text>
        </Alert>
      )}
      <Box style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
        {/* The grid of creatives */}
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm">
              {t('admin.creative_grid', { cols: doc.numberHorizontal, rows: doc.numberVertical })}
            </Text>
          </Group>
          <Group gap={6}>
            <FileButton onChange={(f) => void uploadConsecutive(f)} accept={`${UPLOAD_ACCEPT.image},${UPLOAD_ACCEPT.video}`} multiple>
              {(props) => (
                <Button {...props} size="xs" leftSection={<IconUpload size={14} />} loading={!!busy} data-testid="upload-consecutive">
                  {t('admin.upload_creatives')}
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(f) => void startBulk(f)} accept=".zip,application/zip">
              {(props) => (
                <Button {...props} size="xs" variant="default">
                  {t('admin.bulk_upload')}
                </Button>
              )}
            </FileButton>
          </Group>
          {busy && <Progress value={(busy.done / busy.total) * 100} size="sm" aria-label={t('admin.uploading')} animated />}
          <Text size="xs" c="dimmed">
            {t('admin.upload_hint')}
          </Text>
          <CreativeGrid
            c={c}
            r={r}
            onPick={(ci, ri) => {
              setCell({ c: ci, r: ri });
              setSel(null);
              setTab('page');
            }}
          />
        </Stack>

        {/* The phone-sized canvas */}
        <Stack gap="xs" align="center" ref={canvasBox} style={{ minWidth: 0 }}>
          <Group gap={6} justify="center" wrap="wrap">
            <Text fw={600} size="sm">
              {cellName(c, r)}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              leftSection={<IconPlus size={12} />}
              onClick={() => {
                const z = Math.max(0, ...page.buttons.map((b) => b.zIndex)) + 1;
                update((d) => {
                  d.categories[c]?.pages[r]?.buttons.push(newButton('TEXT', lang, t('admin.new_button_text'), Math.min(z, 1000)));
                });
                select({ kind: 'button', index: page.buttons.length });
              }}
              data-testid="add-button"
            >
              {t('admin.add_button')}
            </Button>
            <Button
              size="compact-xs"
              variant="light"
              color="teal"
              leftSection={<IconPlus size={12} />}
              onClick={() => {
                update((d) => {
                  d.categories[c]?.pages[r]?.products.push(newProduct(lang, t('admin.new_product_name'), page.products.length));
                });
                select({ kind: 'product', index: page.products.length });
              }}
              data-testid="add-product"
            >
              {t('admin.add_product')}
            </Button>
            <CanvasOverlaysToggle />
          </Group>
          <Box style={{ width: CANVAS.width * scale + 16, height: CANVAS.height * scale + 16, padding: 8 }}>
            <Box style={{ transform: `scale(${scale})`, transformOrigin: 'top left', width: CANVAS.width, height: CANVAS.height }}>
              <PhoneCanvas
                page={page}
                lang={lang}
                selection={sel}
                onSelect={select}
                onButton={setButton}
                onProduct={setProduct}
                label={t('admin.canvas_label', { cell: cellName(c, r) })}
                cell={cellName(c, r)}
              />
            </Box>
          </Box>
          <Text size="xs" c="dimmed" ta="center" maw={CANVAS.width}>
            {t('admin.canvas_help')}
          </Text>
        </Stack>

        {/* Settings of the page, its buttons and products */}
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <PageTools c={c} r={r} page={page} tab={tab} onTab={setTab} sel={sel} onSel={setSel} />
        </Stack>
      </Box>

      <BulkUploadModal
        bulk={bulk}
        onClose={() => {
          bulkAbort.current?.abort();
          setBulk(null);
        }}
      />
    </Stack>
  );
}
