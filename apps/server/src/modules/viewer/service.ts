// What other modules may use of the visitor's viewer (the preview draws the working copy with it).

export { insertPublicNotifications, type NewNotification } from '../deliveries/service.js';
export { findPage, presentCompany, presentPageDetail, presentProducts, presentSeo, presentSite } from './present.js';
export { renderError, renderViewer } from './render.js';
