// Page-content pieces as presentational components: the viewer draws pages with them and the
// back-office editor draws its canvas with them, so operators see what visitors get.
// Styles: import '@swipe/viewer/page/page.css'.
export { LockOverlay, SpeakerToggle } from './Extras.js';
export { PageButton } from './PageButton.js';
export { type MediaSource, PageMedia } from './PageMedia.js';
export { PageView, type PageViewProps } from './PageView.js';
export { ProductPopup } from './ProductPopup.js';
export { ProductHotspots } from './Products.js';
export { LinkButton, MainText, Price } from './TextPieces.js';
export { color, FRAME_W, formatPrice, scaled, src, srcSet } from './util.js';
