/**
 * The SPA's own paths: the public pages, the signed-in app under /app and the operator panel under
 * /admin. Links and redirects take them from here; app/router.tsx declares the same routes as
 * segments. (The API's paths are another table, shared/api/routes.ts, called through lib/api-client.ts.)
 */

import { ACK_PAGE_PATH } from '@shared/alerts/ack-page.js';

/** The settings screen, opened at one section, with any extra query (e.g. a payment's return). */
const settingsAt = (section: string, query: Record<string, string> = {}): string =>
  `/app/settings?${new URLSearchParams({ section, ...query }).toString()}`;

export const paths = {
  home: '/',
  pricing: '/pricing',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  refund: '/refund',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** Where an invitation e-mail leads (functions/services/workspaces/invitation-email.ts). */
  acceptInvitation: '/invitations/accept',
  /** Where an alert recipient's confirmation e-mail leads (shared/alerts/confirm-channel.ts CONFIRM_CHANNEL_PAGE_PATH). */
  confirmChannel: '/confirm-channel',
  /** The page an alert's "Acknowledge" link opens (docs/alerts.md "Acknowledgement"), the server's own constant. */
  acknowledge: ACK_PAGE_PATH,
  app: {
    root: '/app',
    dashboard: '/app/dashboard',
    monitors: '/app/monitors',
    monitorsOnline: '/app/monitors/online',
    monitorsOffline: '/app/monitors/offline',
    monitor: (id: string): string => `/app/monitors/${encodeURIComponent(id)}`,
    incidents: '/app/incidents',
    incident: (id: string): string => `/app/incidents/${encodeURIComponent(id)}`,
    settings: '/app/settings',
    maintenance: '/app/maintenance',
    settingsAt,
    /** Status pages (docs/status-pages.md "Managing pages"): the list, a new page's form, one page's form. */
    statusPages: '/app/status-pages',
    newStatusPage: '/app/status-pages/new',
    statusPage: (id: string): string => `/app/status-pages/${encodeURIComponent(id)}`,
    /** Where a plan is chosen and paid for. */
    subscription: settingsAt('subscription'),
  },
  /** The public API's reference page (docs/api.md). */
  apiReference: '/docs/api',
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    monitors: '/admin/monitors',
    incidents: '/admin/incidents',
    payments: '/admin/payments',
    errorLogs: '/admin/error-logs',
    messages: '/admin/messages',
  },
} as const;
