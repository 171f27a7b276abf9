// Request and response shapes of the HTTP API, one file per server module (append one line per file).

export * from './accounts.js';
export * from './adminapp.js';
export * from './analytics.js';
export * from './audit.js';
export * from './auth.js';
export * from './billing.js';
export * from './common.js';
export * from './contracts.js';
export * from './dashboard.js';
export * from './deliveries.js';
export * from './domains.js';
export * from './enduser.js';
export * from './health.js';
export * from './invoice.js';
export * from './mail.js';
export * from './notices.js';
export * from './media.js';
export * from './plans.js';
export * from './preview.js';
export * from './previewshare.js';
export * from './sites.js';
export * from './staff.js';
export * from './surveys.js';
export * from './surveys-admin.js';
export * from './user-import.js';
export * from './viewer.js';
