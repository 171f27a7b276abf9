// The viewer's data contract lives in packages/core/src/api/viewer.ts (zod schemas the server answers
// with); import it from '@swipe/core'. This name stays only for callers not yet moved.
export type {
  ButtonView,
  CampaignBannerView,
  CampaignItemView,
  CampaignView,
  CompanyTab,
  ErrorBoot,
  ErrorKind,
  GridPage,
  NotificationView,
  PageDetail,
  PageDetailResponse,
  PopupItemView,
  ProductView,
  ViewerBoot,
  ViewerSite,
} from '@swipe/core';
