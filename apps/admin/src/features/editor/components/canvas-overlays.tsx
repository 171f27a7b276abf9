import { Switch } from '@mantine/core';
import type { Language } from '@swipe/core/constants.ts';
import { countdown, countdownMessage } from '@swipe/core/countdown.ts';
import { color, scaled } from '@swipe/viewer/page/index.ts';
import { Icon } from '@swipe/viewer/shell/icons.tsx';
import type { CSSProperties } from 'react';
import { useMediaSrc } from '../../../lib/app-config';
import { useT } from '../../../lib/i18n';
import { useEditor } from '../editor-context';
import {
  bottomBar,
  type CanvasPopup,
  CHROME,
  canvasPopups,
  pageCounter,
  setCanvasOverlays,
  useCanvasOverlays,
} from '../model/canvas-overlays';
import type { Page } from '../model/doc';
import { viewerT } from './page-preview';

// What visitors see over the page, drawn on the editor's canvas at the viewer's positions and sizes
// (viewer.css: top bar, category menu, page counter, popup CTA items, SNS and company bar). Nothing here
// is interactive: the editing layer stays above it, so buttons under a popup can still be selected.

const SHAPE_PX: Record<string, number> = { SHARP_EDGE: 0, SLIGHTLY_ROUNDED_EDGE: 3, MODERATELY_ROUNDED_EDGE: 6, PILL_SHAPED: 100 };
const round: CSSProperties = {
  height: 34,
  minWidth: 34,
  padding: '0 8px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  borderRadius: 17,
  background: 'rgba(20, 20, 24, 0.42)',
  color: '#fff',
};
/** The viewer's icon at its 20 px (the svg fills the box). */
function Ic({ name }: { name: string }) {
  return (
    <span style={{ display: 'block', width: 20, height: 20, flex: 'none' }}>
      <Icon name={name} className="" />
    </span>
  );
}

/** The switch that shows or hides the overlays on every canvas of the editor. */
export function CanvasOverlaysToggle() {
  const t = useT();
  const on = useCanvasOverlays();
  return (
    <Switch
      size="xs"
      label={t('admin.canvas_overlays')}
      title={t('admin.canvas_overlays_help')}
      checked={on}
      onChange={(e) => setCanvasOverlays(e.currentTarget.checked)}
      data-testid="canvas-overlays-toggle"
    />
  );
}

export function CanvasOverlays({ c, r, page, lang }: { c: number; r: number; page: Page; lang: Language }) {
  const { doc, flags } = useEditor();
  const on = useCanvasOverlays();
  const media = useMediaSrc();
  if (!on) return null;
  const vt = viewerT[lang];
  const tr = doc.translations[lang] ?? doc.translations[doc.defaultLanguage];
  const popups = canvasPopups(doc, c, r, flags.settingPopupCta ?? true);
  const bar = bottomBar(
    doc,
    lang,
    page,
    popups.some((p) => p.live),
  );
  const count = pageCounter(doc, c, r);
  const logo = doc.logoSetting.url ? media(doc.logoSetting.url) : undefined;
  return (
    <div
      aria-hidden="true"
      data-testid="canvas-overlays"
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 2000,
        pointerEvents: 'none',
        containerType: 'size',
        fontFamily: 'system-ui, -apple-system, "Hiragino Sans", "Noto Sans JP", sans-serif',
        color: '#fff',
      }}
    >
      <div
        data-testid="canvas-top-bar"
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          height: CHROME.topBarHeight,
          padding: '11px 12px 0 14px',
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          background: 'linear-gradient(to bottom, rgba(0, 0, 0, 0.45), rgba(0, 0, 0, 0))',
        }}
      >
        <span style={{ display: 'flex', alignItems: 'center', height: 34, fontWeight: 800, fontSize: 17 }}>
          {logo ? <img src={logo} alt="" style={{ height: 34, maxWidth: 140, borderRadius: 8, objectFit: 'contain' }} /> : doc.name}
        </span>
        <span style={{ display: 'flex', gap: 8 }}>
          {doc.displayLanguageIcon && doc.languages.length > 1 && (
            <span style={round}>
              <Ic name="globe" />
              <span style={{ fontSize: 12, fontWeight: 700 }}>{lang.toUpperCase()}</span>
            </span>
          )}
          {doc.displayAlbum && (
            <span style={round}>
              <Ic name="album" />
            </span>
          )}
        </span>
      </div>
      {doc.displayGlobalMenu && (
        <div
          data-testid="canvas-menu"
          style={{
            position: 'absolute',
            top: CHROME.menuTop,
            left: 0,
            right: 0,
            height: CHROME.menuHeight,
            display: 'flex',
            gap: 4,
            padding: '0 10px',
            overflow: 'hidden',
            background: color(doc.globalMenuBackgroundColor),
          }}
        >
          {doc.categories.map((_cat, i) => (
            <span
              key={i}
              style={{
                flex: 'none',
                padding: '0 12px',
                display: 'flex',
                alignItems: 'center',
                fontSize: 14,
                fontWeight: 600,
                opacity: i === c ? 1 : 0.72,
                whiteSpace: 'nowrap',
                color: color(doc.globalMenuTextColor, '#fff'),
                textShadow: '0 1px 6px rgba(0, 0, 0, 0.4)',
                borderBottom: i === c ? '2.5px solid currentColor' : undefined,
              }}
            >
              {tr?.globalMenu[i] || String.fromCharCode(65 + i)}
            </span>
          ))}
        </div>
      )}
      {doc.displayPageCount && count.total > 0 && (
        <span
          style={{
            position: 'absolute',
            top: CHROME.counterTop,
            right: 12,
            padding: '3px 10px',
            borderRadius: 999,
            fontSize: 12,
            fontWeight: 700,
            background: 'rgba(0, 0, 0, 0.42)',
          }}
        >
          {count.current} / {count.total}
        </span>
      )}
      {popups.length > 0 && (
        <div
          data-testid="canvas-popups"
          style={{
            position: 'absolute',
            left: CHROME.popupInset,
            right: CHROME.popupInset,
            bottom: CHROME.popupBottom,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: CHROME.popupGap,
          }}
        >
          {popups.map((p) => (
            <CanvasPopupItem key={p.kind} popup={p} lang={lang} media={media} t={vt} />
          ))}
        </div>
      )}
      {bar && (
        <div
          data-testid="canvas-bottom-bar"
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: CHROME.bottomBarHeight,
            padding: '0 12px',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            background: 'linear-gradient(to top, rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0))',
          }}
        >
          {bar.sns.map((s, i) => (
            <span
              key={`${s.snsType}-${i}`}
              style={{ ...round, width: 36, height: 36, padding: 0, borderRadius: '50%', background: 'rgba(255, 255, 255, 0.16)' }}
            >
              <Ic name={s.snsType} />
            </span>
          ))}
          {bar.company && (
            <span
              style={{
                ...round,
                marginLeft: 'auto',
                padding: '0 12px',
                fontSize: 13,
                fontWeight: 600,
                background: 'rgba(255, 255, 255, 0.16)',
              }}
            >
              <Ic name="building" />
              {vt('viewer.company')}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

function CanvasPopupItem({
  popup,
  lang,
  media,
  t,
}: {
  popup: CanvasPopup;
  lang: Language;
  media: (k?: string | null) => string | undefined;
  t: (key: string, params?: Record<string, string | number>) => string;
}) {
  const ui = useT();
  const { item, kind, live } = popup;
  const st = item.style;
  // the countdown visitors see now (the editor's canvas is a preview too)
  const left = countdownMessage(countdown(item.startDate, item.endDate));
  const info =
    kind === 'timeLimit'
      ? item.showRemainingTime && left
        ? t(left.key, { count: left.count })
        : ''
      : item.limit && item.showRemainingSlots
        ? t('viewer.remaining_slots', { count: item.limit })
        : '';
  const text = (
    <span style={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      <span style={{ fontWeight: 700, lineHeight: 1.35 }}>{item.text[lang] ?? ''}</span>
      {info && <span style={{ fontSize: '0.85em', fontWeight: 700, color: kind === 'timeLimit' ? '#ffcf5c' : undefined }}>{info}</span>}
      {!live && <span style={{ fontSize: '0.8em', fontStyle: 'italic' }}>{ui('admin.canvas_popup_outside_period')}</span>}
    </span>
  );
  const r = SHAPE_PX[st.shape] ?? 6;
  return (
    <div
      data-testid={`canvas-popup-${kind}`}
      data-live={live ? '1' : '0'}
      style={{
        position: 'relative',
        width: st.width ? `${st.width}%` : '100%',
        minHeight: st.height ? st.height : CHROME.popupMinHeight,
        overflow: 'hidden',
        boxShadow: '0 12px 30px rgba(0, 0, 0, 0.35)',
        background: color(st.backgroundColor, '#111'),
        color: color(st.textColor, '#fff'),
        fontSize: st.textSize,
        borderRadius: r >= 100 ? scaled(Math.max(st.height ?? 0, CHROME.popupMinHeight) / 2) : r,
        opacity: live ? 1 : 0.6,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '8px 44px 8px 14px',
      }}
    >
      {st.textAlignment === 'TOP' && text}
      {item.media?.url &&
        (item.media.type === 'VIDEO' ? (
          <video src={media(item.media.url)} muted style={{ width: 52, height: 52, borderRadius: 10, objectFit: 'cover', flex: 'none' }} />
        ) : (
          <img src={media(item.media.url)} alt="" style={{ width: 52, height: 52, borderRadius: 10, objectFit: 'cover', flex: 'none' }} />
        ))}
      {st.textAlignment !== 'TOP' && text}
      <span
        style={{
          position: 'absolute',
          top: '50%',
          right: 8,
          width: 30,
          height: 30,
          marginTop: -15,
          borderRadius: '50%',
          background: 'rgba(255, 255, 255, 0.18)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 16,
        }}
      >
        ×
      </span>
    </div>
  );
}
