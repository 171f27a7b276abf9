import { Box, Group, Stack, Text } from '@mantine/core';
import type { Language } from '@swipe/core/constants.ts';
import type { CampaignItem } from '@swipe/core/site.ts';
import { PageButton } from '@swipe/viewer/page/index.ts';
import { pointerDrag } from '../model/drag';
import '@swipe/viewer/page/page.css';
import type { ButtonView } from '@swipe/core';
import { useMediaSrc } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import type { Doc } from '../model/doc';

export type Campaign = NonNullable<Doc['campaign']>;

/** A desktop side panel at 1440 x 900 (470 x 900), drawn at this scale in the preview. */
const PANEL = { width: 470, height: 900 };
const SCALE = 0.42;
/** The page-button lengths are in units of the 389 px design frame (container query units). */
const FRAME_W = 389;
const KINDS: Record<CampaignItem['type'], ButtonView['buttonType']> = {
  IMAGE: 'MEDIA',
  BUTTON: 'TEXT',
  MEDIA_BUTTON: 'MEDIA',
  HTML_BUTTON: 'HTML',
};

/** The item as the viewer draws it (the server does the same mapping, with sanitised HTML). */
function asButton(it: CampaignItem, i: number, lang: Language, media: (k?: string | null) => string | undefined): ButtonView {
  const s = it.settings;
  const image = it.type === 'IMAGE';
  return {
    id: i + 1,
    buttonType: KINDS[it.type],
    buttonText: s.text[lang] ?? '',
    buttonContentHtml: s.html ?? null,
    buttonWidth: s.width,
    buttonHeight: s.height,
    textSize: s.textSize,
    buttonColor: s.bgColor ?? null,
    buttonTextColor: s.textColor ?? null,
    microcopyText: image ? '' : (s.microcopyText[lang] ?? ''),
    microcopyTextColor: s.microcopyTextColor ?? null,
    textAlign: s.microcopyPosition,
    buttonAnimation: image ? 'NONE' : s.buttonAnimation,
    buttonShape: image ? 'SHARP_EDGE' : s.buttonShape,
    zIndex: s.zIndex,
    buttonLinkType: null,
    linkDestinationUrl: null,
    linkedSurveyId: null,
    buttonImageUrl: it.imageUrl ? (media(it.imageUrl) ?? null) : null,
    isVideo: false,
    thumbnailUrl: null,
    buttonPositionX: 0,
    buttonPositionY: 0,
  };
}

const clampPct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;

/** Both side panels, scaled down, with the items where visitors see them: drag (or arrow keys) to place. */
export function ItemsBoard({ cmp, onMove }: { cmp: Campaign; onMove: (i: number, left: number, top: number) => void }) {
  const t = useT();
  const { lang } = useEditor();
  const media = useMediaSrc();
  const w = PANEL.width * SCALE;
  const h = PANEL.height * SCALE;
  const drag = (e: React.PointerEvent, i: number, it: CampaignItem) => {
    const { left, top } = it.pos;
    pointerDrag(e, (dx, dy) => onMove(i, clampPct(left + (dx / w) * 100), clampPct(top + (dy / h) * 100)));
  };
  const key = (e: React.KeyboardEvent, i: number, it: CampaignItem) => {
    const step = e.shiftKey ? 5 : 1;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!d) return;
    e.preventDefault();
    onMove(i, clampPct(it.pos.left + (d[0] ?? 0)), clampPct(it.pos.top + (d[1] ?? 0)));
  };
  const panel = (side: 'left' | 'right') => (
    <Box
      key={side}
      data-testid={`campaign-board-${side}`}
      style={{
        position: 'relative',
        width: w,
        height: h,
        overflow: 'hidden',
        borderRadius: 4,
        background: cmp.backgroundColor || '#f4f4f6',
        outline: '1px solid var(--mantine-color-gray-4)',
      }}
    >
      {cmp.banners.map((b, i) =>
        b.side !== side || !b.mediaUrl ? null : (
          <img
            key={`banner-${i}`}
            src={media(b.mediaUrl)}
            alt=""
            style={{
              position: 'absolute',
              left: b.bannerX * SCALE,
              top: b.bannerY * SCALE,
              width: (b.width ?? 120) * SCALE,
              height: (b.height ?? 240) * SCALE,
              zIndex: b.zIndex,
              objectFit: 'cover',
              borderRadius: 14 * SCALE,
              opacity: 0.6,
              pointerEvents: 'none',
            }}
          />
        ),
      )}
      {cmp.buttons.map((it, i) =>
        it.side !== side ? null : (
          // biome-ignore lint/a11y/useSemanticElements: a positioned, draggable layer around the viewer's button
          <div
            key={i}
            role="button"
            tabIndex={0}
            aria-label={t('admin.campaign_item_move', { name: `${t('admin.campaign_item')} ${i + 1}` })}
            onPointerDown={(e) => drag(e, i, it)}
            onKeyDown={(e) => key(e, i, it)}
            style={{
              position: 'absolute',
              left: `${it.pos.left}%`,
              top: `${it.pos.top}%`,
              width: it.settings.width * SCALE,
              height: it.settings.height * SCALE,
              zIndex: it.settings.zIndex + 1,
              cursor: 'move',
              touchAction: 'none',
            }}
          >
            <div
              style={{
                position: 'absolute',
                left: 0,
                top: 0,
                width: FRAME_W * SCALE,
                height: 0,
                containerType: 'inline-size',
                pointerEvents: 'none',
              }}
              inert
            >
              <PageButton button={asButton(it, i, lang, media)} mediaBase="" htmlLabel={`${t('admin.campaign_item')} ${i + 1}`} />
            </div>
          </div>
        ),
      )}
    </Box>
  );
  const site = (
    <Box
      key="site"
      style={{
        width: 500 * SCALE * 0.5,
        height: h,
        borderRadius: 4,
        background: 'var(--mantine-color-dark-6)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Text size="xs" c="gray.3">
        {t('admin.campaign_board_site')}
      </Text>
    </Box>
  );
  const order =
    cmp.positionLp === 'left'
      ? [site, panel('left'), panel('right')]
      : cmp.positionLp === 'right'
        ? [panel('left'), panel('right'), site]
        : [panel('left'), site, panel('right')];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('admin.campaign_board')}
      </Text>
      <Group gap={cmp.positionLp === 'center' ? 6 : 0} wrap="nowrap" align="stretch" style={{ overflowX: 'auto' }}>
        {order}
      </Group>
    </Stack>
  );
}
