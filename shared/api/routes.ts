/**
 * The API route table: the one list of HTTP routes. The CDK api stack makes an HTTP API route per
 * row (JWT authorizer unless public), the local gateway dispatches from it, and each area's Lambda
 * entry (`functions/api/<area>/index.ts`) must implement every route of its area (the type
 * `AreaRoutes` makes a missing one a compile error).
 *
 * Paths use API Gateway syntax (`{id}`); `routeKey` is what API Gateway puts in `event.routeKey`.
 */
import type { WorkspaceRole } from '../workspaces/roles.js';

export const AREAS = ['public', 'auth', 'monitors', 'insights', 'account', 'billing', 'admin', 'status', 'workspaces', 'v1'] as const;
export type Area = (typeof AREAS)[number];

/**
 * Who may call a route: anyone (`public`), a signed-in person (`user`), an operator (`admin`), or an
 * API key sent as `Authorization: Bearer uw_...` (`key`, the public API under `/api/v1/`; docs/api.md
 * "Authentication"), whose scope stands for a role (read: viewer, write: admin).
 */
export type Access = 'public' | 'user' | 'admin' | 'key';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a signed-in (`user`) route needs (docs/teams.md "Roles"): the lowest workspace role that may
 * call it, checked in one place (functions/http/caller.ts) against the caller's role in the
 * workspace the request names; or `personal`, a route about the caller's own account (password,
 * preferences, deletion) that acts in no workspace.
 */
export type RouteRole = WorkspaceRole | 'personal';

interface RouteBase {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly area: Area;
}

export type Route = RouteBase &
  (
    | { readonly access: 'public' | 'admin'; readonly role?: undefined }
    | { readonly access: 'user'; readonly role: RouteRole }
    | { readonly access: 'key'; readonly role: WorkspaceRole }
  );

export const ROUTES = [
  { name: 'health', method: 'GET', path: '/api/health', area: 'public', access: 'public' },
  { name: 'register', method: 'POST', path: '/api/auth/register', area: 'auth', access: 'public' },
  { name: 'verifyEmail', method: 'POST', path: '/api/auth/verify-email', area: 'auth', access: 'public' },
  { name: 'login', method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public' },
  { name: 'refreshSession', method: 'POST', path: '/api/auth/refresh', area: 'auth', access: 'public' },
  { name: 'getMe', method: 'GET', path: '/api/auth/me', area: 'auth', access: 'user', role: 'personal' },
  { name: 'createMonitor', method: 'POST', path: '/api/monitors', area: 'monitors', access: 'user', role: 'member' },
  { name: 'listMonitors', method: 'GET', path: '/api/monitors', area: 'monitors', access: 'user', role: 'viewer' },
  { name: 'forceCheck', method: 'POST', path: '/api/monitors/force-check', area: 'monitors', access: 'user', role: 'member' },
  { name: 'bulkUploadMonitors', method: 'POST', path: '/api/monitors/bulk-upload', area: 'monitors', access: 'user', role: 'member' },
  { name: 'updateMonitor', method: 'PUT', path: '/api/monitors/{id}', area: 'monitors', access: 'user', role: 'member' },
  { name: 'deleteMonitor', method: 'DELETE', path: '/api/monitors/{id}', area: 'monitors', access: 'user', role: 'member' },
  { name: 'getMonitorTemplate', method: 'GET', path: '/api/monitor-template', area: 'public', access: 'public' },
  { name: 'listPackages', method: 'GET', path: '/api/subscription/packages', area: 'public', access: 'public' },
  { name: 'submitContact', method: 'POST', path: '/api/contact', area: 'public', access: 'public' },
  // The same form sent signed in (docs/product-rules.md "Priority support"): the workspace's plan may make it priority.
  { name: 'submitSupportMessage', method: 'POST', path: '/api/support/messages', area: 'account', access: 'user', role: 'viewer' },
  // The workspace's named account manager, when its plan has one (docs/product-rules.md "Account manager").
  { name: 'getAccountManager', method: 'GET', path: '/api/account-manager', area: 'account', access: 'user', role: 'viewer' },
  { name: 'resendVerification', method: 'POST', path: '/api/auth/resend-verification', area: 'auth', access: 'public' },
  { name: 'forgotPassword', method: 'POST', path: '/api/auth/forgot-password', area: 'auth', access: 'public' },
  { name: 'resetPassword', method: 'POST', path: '/api/auth/reset-password', area: 'auth', access: 'public' },
  // Beyond the first call list: the reset page checks its link when it opens, before a password is typed.
  { name: 'checkResetLink', method: 'POST', path: '/api/auth/reset-password/check', area: 'auth', access: 'public' },
  { name: 'changePassword', method: 'POST', path: '/api/auth/change-password', area: 'auth', access: 'user', role: 'personal' },
  { name: 'deleteAccount', method: 'DELETE', path: '/api/auth/delete-account', area: 'auth', access: 'user', role: 'personal' },
  // Two-factor sign-in (docs/security.md "Two-factor sign-in"): the person's own, in no workspace.
  { name: 'getTwoFactor', method: 'GET', path: '/api/auth/two-factor', area: 'auth', access: 'user', role: 'personal' },
  { name: 'startTwoFactorSetup', method: 'POST', path: '/api/auth/two-factor/setup', area: 'auth', access: 'user', role: 'personal' },
  { name: 'confirmTwoFactorSetup', method: 'POST', path: '/api/auth/two-factor/confirm', area: 'auth', access: 'user', role: 'personal' },
  { name: 'regenerateRecoveryCodes', method: 'POST', path: '/api/auth/two-factor/recovery-codes', area: 'auth', access: 'user', role: 'personal' },
  { name: 'disableTwoFactor', method: 'POST', path: '/api/auth/two-factor/disable', area: 'auth', access: 'user', role: 'personal' },
  // Sessions (docs/security.md "Tokens and sessions"): the list in Settings -> Security, signing one or all out, and logout.
  { name: 'listSessions', method: 'GET', path: '/api/auth/sessions', area: 'auth', access: 'user', role: 'personal' },
  { name: 'signOutSession', method: 'DELETE', path: '/api/auth/sessions/{id}', area: 'auth', access: 'user', role: 'personal' },
  { name: 'signOutEverywhere', method: 'POST', path: '/api/auth/sign-out-everywhere', area: 'auth', access: 'user', role: 'personal' },
  { name: 'logout', method: 'POST', path: '/api/auth/logout', area: 'auth', access: 'user', role: 'personal' },
  { name: 'getDashboardStats', method: 'GET', path: '/api/dashboard/stats', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'listIncidents', method: 'GET', path: '/api/incidents', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'exportData', method: 'GET', path: '/api/export/{kind}', area: 'insights', access: 'user', role: 'viewer' },
  // What the workspace's plan keeps and its archive, for Settings > Export (docs/product-rules.md "Retention").
  { name: 'getRetention', method: 'GET', path: '/api/retention', area: 'insights', access: 'user', role: 'viewer' },
  // Beyond the first call list (docs/product-rules.md "API shape"): the monitor detail view.
  { name: 'getMonitorDetails', method: 'GET', path: '/api/monitors/{id}', area: 'insights', access: 'user', role: 'viewer' },
  // The monitor page's analytics (docs/analytics.md): the periods beyond 24 hours need a plan with advanced analytics.
  { name: 'getMonitorAnalytics', method: 'GET', path: '/api/monitors/{id}/analytics', area: 'insights', access: 'user', role: 'viewer' },
  // Beyond the first call list: one incident, where an alert e-mail's "View incident" leads.
  { name: 'getIncident', method: 'GET', path: '/api/incidents/{id}', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'acknowledgeIncident', method: 'POST', path: '/api/incidents/{id}/acknowledge', area: 'insights', access: 'user', role: 'member' },
  // Incident updates (docs/status-pages.md "Incident updates"): what the owner tells their own users.
  { name: 'postIncidentUpdate', method: 'POST', path: '/api/incidents/{id}/updates', area: 'insights', access: 'user', role: 'member' },
  // SLA reports (docs/sla-reports.md "Routes"): the plan's `slaReports` flag is checked by the service.
  { name: 'getSlaTargets', method: 'GET', path: '/api/sla/target', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'setSlaTarget', method: 'PUT', path: '/api/sla/target', area: 'insights', access: 'user', role: 'admin' },
  { name: 'setMonitorSlaTarget', method: 'PUT', path: '/api/monitors/{id}/sla-target', area: 'insights', access: 'user', role: 'admin' },
  { name: 'getMonitorSlaMonth', method: 'GET', path: '/api/monitors/{id}/sla', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'listSlaMonths', method: 'GET', path: '/api/sla/reports', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'getSlaReport', method: 'GET', path: '/api/sla/reports/{month}', area: 'insights', access: 'user', role: 'viewer' },
  { name: 'getAcknowledgement', method: 'GET', path: '/api/public/acknowledge', area: 'public', access: 'public' },
  { name: 'acknowledgeByLink', method: 'POST', path: '/api/public/acknowledge', area: 'public', access: 'public' },
  { name: 'getSubscriptionLimits', method: 'GET', path: '/api/subscription/limits', area: 'account', access: 'user', role: 'viewer' },
  { name: 'getNotificationPreferences', method: 'GET', path: '/api/notifications/preferences', area: 'account', access: 'user', role: 'viewer' },
  { name: 'updateNotificationPreferences', method: 'PUT', path: '/api/notifications/preferences', area: 'account', access: 'user', role: 'admin' },
  { name: 'sendTestNotification', method: 'POST', path: '/api/notifications/test', area: 'account', access: 'user', role: 'admin' },
  { name: 'listChannels', method: 'GET', path: '/api/channels', area: 'account', access: 'user', role: 'viewer' },
  { name: 'createChannel', method: 'POST', path: '/api/channels', area: 'account', access: 'user', role: 'admin' },
  { name: 'updateChannel', method: 'PUT', path: '/api/channels/{id}', area: 'account', access: 'user', role: 'admin' },
  { name: 'deleteChannel', method: 'DELETE', path: '/api/channels/{id}', area: 'account', access: 'user', role: 'admin' },
  { name: 'testChannel', method: 'POST', path: '/api/channels/{id}/test', area: 'account', access: 'user', role: 'admin' },
  { name: 'rotateChannelSecret', method: 'POST', path: '/api/channels/{id}/rotate-secret', area: 'account', access: 'user', role: 'admin' },
  { name: 'listChannelDeliveries', method: 'GET', path: '/api/channels/{id}/deliveries', area: 'account', access: 'user', role: 'viewer' },
  { name: 'resendChannelConfirmation', method: 'POST', path: '/api/channels/{id}/resend-confirmation', area: 'account', access: 'user', role: 'admin' },
  // An added e-mail recipient says yes (docs/alerts.md "Confirming e-mail recipients"): public, the link's token is the auth.
  { name: 'confirmChannel', method: 'POST', path: '/api/public/confirm-channel', area: 'public', access: 'public' },
  { name: 'getAlertRules', method: 'GET', path: '/api/alert-rules', area: 'account', access: 'user', role: 'viewer' },
  { name: 'updateAlertRules', method: 'PUT', path: '/api/alert-rules', area: 'account', access: 'user', role: 'admin' },
  { name: 'listTimezones', method: 'GET', path: '/api/user/timezones', area: 'account', access: 'user', role: 'personal' },
  { name: 'updateUserPreferences', method: 'PUT', path: '/api/user/preferences', area: 'account', access: 'user', role: 'personal' },
  // Maintenance windows (docs/maintenance.md "The API"): the owner's own; another user's id is a 404.
  { name: 'listMaintenanceWindows', method: 'GET', path: '/api/maintenance-windows', area: 'account', access: 'user', role: 'viewer' },
  { name: 'createMaintenanceWindow', method: 'POST', path: '/api/maintenance-windows', area: 'account', access: 'user', role: 'member' },
  { name: 'getMaintenanceWindow', method: 'GET', path: '/api/maintenance-windows/{id}', area: 'account', access: 'user', role: 'viewer' },
  { name: 'updateMaintenanceWindow', method: 'PUT', path: '/api/maintenance-windows/{id}', area: 'account', access: 'user', role: 'member' },
  { name: 'deleteMaintenanceWindow', method: 'DELETE', path: '/api/maintenance-windows/{id}', area: 'account', access: 'user', role: 'member' },
  // Billing (docs/billing.md). The webhooks are public: the provider's signature is their auth.
  { name: 'createCheckoutSession', method: 'POST', path: '/api/payments/checkout/session', area: 'billing', access: 'user', role: 'owner' },
  { name: 'getCheckoutStatus', method: 'GET', path: '/api/payments/checkout/status/{id}', area: 'billing', access: 'user', role: 'owner' },
  { name: 'stripeWebhook', method: 'POST', path: '/api/payments/webhooks/stripe', area: 'billing', access: 'public' },
  { name: 'razorpayWebhook', method: 'POST', path: '/api/payments/webhooks/razorpay', area: 'billing', access: 'public' },
  { name: 'downgradeSubscription', method: 'POST', path: '/api/subscription/downgrade', area: 'billing', access: 'user', role: 'owner' },
  { name: 'cancelSubscription', method: 'POST', path: '/api/subscription/cancel', area: 'billing', access: 'user', role: 'owner' },
  { name: 'resumeSubscription', method: 'POST', path: '/api/subscription/resume', area: 'billing', access: 'user', role: 'owner' },
  { name: 'cancelCheckout', method: 'POST', path: '/api/payments/checkout/cancel', area: 'billing', access: 'user', role: 'owner' },
  { name: 'listPaymentHistory', method: 'GET', path: '/api/payments/history', area: 'billing', access: 'user', role: 'owner' },
  // A completed payment's receipt, as a file (docs/billing.md "Receipts"): the owner's only.
  { name: 'downloadReceipt', method: 'GET', path: '/api/payments/{id}/receipt', area: 'billing', access: 'user', role: 'owner' },
  // Stripe's customer portal for a card subscriber: change the card, see Stripe's invoices (docs/billing.md "Card portal").
  { name: 'createCardPortalSession', method: 'POST', path: '/api/payments/card-portal', area: 'billing', access: 'user', role: 'owner' },
  // The operator panel (docs/admin.md): all under /api/admin/ (docs/product-rules.md "API shape").
  { name: 'adminLogin', method: 'POST', path: '/api/admin/login', area: 'admin', access: 'public' },
  { name: 'adminMe', method: 'GET', path: '/api/admin/me', area: 'admin', access: 'admin' },
  { name: 'adminDashboard', method: 'GET', path: '/api/admin/dashboard', area: 'admin', access: 'admin' },
  { name: 'adminListUsers', method: 'GET', path: '/api/admin/users', area: 'admin', access: 'admin' },
  { name: 'adminGetUser', method: 'GET', path: '/api/admin/users/{id}', area: 'admin', access: 'admin' },
  { name: 'adminUpdateUser', method: 'PUT', path: '/api/admin/users/{id}', area: 'admin', access: 'admin' },
  { name: 'adminUpgradeUser', method: 'POST', path: '/api/admin/users/{id}/upgrade', area: 'admin', access: 'admin' },
  { name: 'adminDeleteUser', method: 'DELETE', path: '/api/admin/users/{id}', area: 'admin', access: 'admin' },
  { name: 'adminBulkMonitorsGlobal', method: 'POST', path: '/api/admin/bulk-monitors-global', area: 'admin', access: 'admin' },
  { name: 'adminBulkMonitorsForUser', method: 'POST', path: '/api/admin/users/{id}/bulk-monitors', area: 'admin', access: 'admin' },
  { name: 'adminListMonitors', method: 'GET', path: '/api/admin/monitors', area: 'admin', access: 'admin' },
  { name: 'adminHoldMonitor', method: 'POST', path: '/api/admin/monitors/{id}/hold', area: 'admin', access: 'admin' },
  { name: 'adminListIncidents', method: 'GET', path: '/api/admin/incidents', area: 'admin', access: 'admin' },
  { name: 'adminListPayments', method: 'GET', path: '/api/admin/payments', area: 'admin', access: 'admin' },
  { name: 'adminListApplicationErrors', method: 'GET', path: '/api/admin/application-errors', area: 'admin', access: 'admin' },
  { name: 'adminResolveApplicationError', method: 'PUT', path: '/api/admin/application-errors/{id}/resolve', area: 'admin', access: 'admin' },
  { name: 'adminListContactMessages', method: 'GET', path: '/api/admin/contact-messages', area: 'admin', access: 'admin' },
  { name: 'adminMarkContactMessageAnswered', method: 'PUT', path: '/api/admin/contact-messages/{id}/answered', area: 'admin', access: 'admin' },
  { name: 'adminSetAccountManager', method: 'PUT', path: '/api/admin/users/{id}/account-manager', area: 'admin', access: 'admin' },
  { name: 'adminRemoveAccountManager', method: 'DELETE', path: '/api/admin/users/{id}/account-manager', area: 'admin', access: 'admin' },
  // Heartbeat monitors' push URL (docs/checks.md "Heartbeat monitors"): public, the secret token is the auth.
  { name: 'heartbeatPing', method: 'POST', path: '/api/heartbeat/{token}', area: 'monitors', access: 'public' },
  { name: 'heartbeatPingGet', method: 'GET', path: '/api/heartbeat/{token}', area: 'monitors', access: 'public' },
  { name: 'heartbeatFail', method: 'POST', path: '/api/heartbeat/{token}/fail', area: 'monitors', access: 'public' },
  { name: 'heartbeatFailGet', method: 'GET', path: '/api/heartbeat/{token}/fail', area: 'monitors', access: 'public' },
  // A new push URL for a heartbeat monitor; the old one stops at once (docs/checks.md "Heartbeat monitors").
  { name: 'regenerateHeartbeatUrl', method: 'POST', path: '/api/monitors/{id}/heartbeat-url', area: 'monitors', access: 'user', role: 'admin' },
  // Badges (docs/status-pages.md "Badges"): the owner creates or rotates a monitor's links; the SVGs are public, the token is the auth.
  { name: 'getBadgeLinks', method: 'GET', path: '/api/monitors/{id}/badge-links', area: 'monitors', access: 'user', role: 'viewer' },
  { name: 'createBadgeLinks', method: 'POST', path: '/api/monitors/{id}/badge-links', area: 'monitors', access: 'user', role: 'member' },
  { name: 'getStatusBadge', method: 'GET', path: '/api/public/badges/{token}/status.svg', area: 'public', access: 'public' },
  { name: 'getUptimeBadge', method: 'GET', path: '/api/public/badges/{token}/uptime.svg', area: 'public', access: 'public' },
  // Status pages (docs/status-pages.md): their own area, so the public page read hardest during an outage has its own Lambda.
  { name: 'listStatusPages', method: 'GET', path: '/api/status-pages', area: 'status', access: 'user', role: 'viewer' },
  { name: 'createStatusPage', method: 'POST', path: '/api/status-pages', area: 'status', access: 'user', role: 'member' },
  { name: 'getStatusPage', method: 'GET', path: '/api/status-pages/{id}', area: 'status', access: 'user', role: 'viewer' },
  { name: 'updateStatusPage', method: 'PUT', path: '/api/status-pages/{id}', area: 'status', access: 'user', role: 'member' },
  { name: 'deleteStatusPage', method: 'DELETE', path: '/api/status-pages/{id}', area: 'status', access: 'user', role: 'member' },
  { name: 'getPublicStatusPage', method: 'GET', path: '/api/public/status/{slug}', area: 'status', access: 'public' },
  // The same page as HTML rendered on the server, outside /api/ because it is the page's public address (docs/status-pages.md "The public page").
  { name: 'renderStatusPage', method: 'GET', path: '/status/{slug}', area: 'status', access: 'public' },
  // The page's feeds beside it, from the same data (docs/status-pages.md "Feeds").
  { name: 'getStatusFeedAtom', method: 'GET', path: '/status/{slug}/feed.atom', area: 'status', access: 'public' },
  { name: 'getStatusFeedRss', method: 'GET', path: '/status/{slug}/feed.rss', area: 'status', access: 'public' },
  { name: 'getStatusFeedJson', method: 'GET', path: '/status/{slug}/feed.json', area: 'status', access: 'public' },
  // E-mail subscribers (docs/status-pages.md "Subscribers"): a visitor subscribes (JSON, or the page's own form), confirms from
  // a mail (a page with a button, so a scanner opening the link confirms nothing) and unsubscribes in one click (RFC 8058).
  { name: 'subscribeToStatusPage', method: 'POST', path: '/api/public/status/{slug}/subscribe', area: 'status', access: 'public' },
  { name: 'subscribeToStatusPageForm', method: 'POST', path: '/status/{slug}/subscribe', area: 'status', access: 'public' },
  { name: 'getSubscriptionConfirmation', method: 'GET', path: '/status/{slug}/subscription/confirm', area: 'status', access: 'public' },
  { name: 'confirmSubscription', method: 'POST', path: '/status/{slug}/subscription/confirm', area: 'status', access: 'public' },
  { name: 'getUnsubscribe', method: 'GET', path: '/status/{slug}/unsubscribe', area: 'status', access: 'public' },
  { name: 'unsubscribe', method: 'POST', path: '/status/{slug}/unsubscribe', area: 'status', access: 'public' },
  { name: 'listStatusPageSubscribers', method: 'GET', path: '/api/status-pages/{id}/subscribers', area: 'status', access: 'user', role: 'member' },
  { name: 'exportStatusPageSubscribers', method: 'GET', path: '/api/status-pages/{id}/subscribers/export', area: 'status', access: 'user', role: 'member' },
  { name: 'deleteStatusPageSubscriber', method: 'DELETE', path: '/api/status-pages/{id}/subscribers/{subscriberId}', area: 'status', access: 'user', role: 'member' },
  // Private pages (docs/status-pages.md "Private pages"): the gate's form (a password or an address) and the mailed sign-in link.
  { name: 'requestStatusPageAccess', method: 'POST', path: '/status/{slug}/access', area: 'status', access: 'public' },
  { name: 'openStatusPageAccessLink', method: 'GET', path: '/status/{slug}/access', area: 'status', access: 'public' },
  // Workspaces and teams (docs/teams.md): the workspaces a person belongs to (the header's switcher).
  { name: 'listWorkspaces', method: 'GET', path: '/api/workspaces', area: 'workspaces', access: 'user', role: 'personal' },
  // The workspace audit log (docs/teams.md "Audit log"): read and exported, never edited; admin, because it shows members' IP addresses.
  { name: 'listWorkspaceAuditLog', method: 'GET', path: '/api/workspaces/current/audit-log', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'exportWorkspaceAuditLog', method: 'GET', path: '/api/workspaces/current/audit-log/export', area: 'workspaces', access: 'user', role: 'admin' },
  // API keys (docs/api.md "Authentication"): Settings -> API; Business and Enterprise only.
  { name: 'listApiKeys', method: 'GET', path: '/api/api-keys', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'createApiKey', method: 'POST', path: '/api/api-keys', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'revokeApiKey', method: 'DELETE', path: '/api/api-keys/{id}', area: 'workspaces', access: 'user', role: 'admin' },
  // Key routes (access 'key', only under /api/v1/): the key making the request, and "check now" for monitors.
  { name: 'v1GetApiKey', method: 'GET', path: '/api/v1/api-key', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1ForceCheck', method: 'POST', path: '/api/v1/monitors/force-check', area: 'v1', access: 'key', role: 'member' },
  // Members and invitations (docs/teams.md "Members and invitations"): "current" is the workspace the X-Workspace-Id header names.
  { name: 'renameWorkspace', method: 'PUT', path: '/api/workspaces/current', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'listMembers', method: 'GET', path: '/api/workspaces/current/members', area: 'workspaces', access: 'user', role: 'viewer' },
  { name: 'updateMemberRole', method: 'PUT', path: '/api/workspaces/current/members/{id}', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'removeMember', method: 'DELETE', path: '/api/workspaces/current/members/{id}', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'leaveWorkspace', method: 'POST', path: '/api/workspaces/current/leave', area: 'workspaces', access: 'user', role: 'viewer' },
  { name: 'transferOwnership', method: 'POST', path: '/api/workspaces/current/transfer-ownership', area: 'workspaces', access: 'user', role: 'owner' },
  { name: 'createInvitation', method: 'POST', path: '/api/workspaces/current/invitations', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'listInvitations', method: 'GET', path: '/api/workspaces/current/invitations', area: 'workspaces', access: 'user', role: 'admin' },
  { name: 'revokeInvitation', method: 'DELETE', path: '/api/workspaces/current/invitations/{id}', area: 'workspaces', access: 'user', role: 'admin' },
  // The accept page: what a link offers (anyone holding it), and joining (the invited person, signed in; acts in no workspace yet).
  { name: 'checkInvitation', method: 'POST', path: '/api/invitations/check', area: 'workspaces', access: 'public' },
  { name: 'acceptInvitation', method: 'POST', path: '/api/invitations/accept', area: 'workspaces', access: 'user', role: 'personal' },
  // The public API (docs/api.md): stable shapes for scripts and integrations, its own area and Lambda; the
  // OpenAPI document is generated from these rows and shared/api/v1/operations.ts.
  { name: 'v1OpenApiDocument', method: 'GET', path: '/api/v1/openapi.json', area: 'v1', access: 'public' },
  { name: 'v1ListMonitors', method: 'GET', path: '/api/v1/monitors', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1CreateMonitor', method: 'POST', path: '/api/v1/monitors', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1GetMonitor', method: 'GET', path: '/api/v1/monitors/{id}', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1UpdateMonitor', method: 'PUT', path: '/api/v1/monitors/{id}', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1DeleteMonitor', method: 'DELETE', path: '/api/v1/monitors/{id}', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1PauseMonitor', method: 'POST', path: '/api/v1/monitors/{id}/pause', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1ResumeMonitor', method: 'POST', path: '/api/v1/monitors/{id}/resume', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1ListMonitorChecks', method: 'GET', path: '/api/v1/monitors/{id}/checks', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1GetMonitorUptime', method: 'GET', path: '/api/v1/monitors/{id}/uptime', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1ListIncidents', method: 'GET', path: '/api/v1/incidents', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1GetIncident', method: 'GET', path: '/api/v1/incidents/{id}', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1AcknowledgeIncident', method: 'POST', path: '/api/v1/incidents/{id}/acknowledge', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1PostIncidentUpdate', method: 'POST', path: '/api/v1/incidents/{id}/updates', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1ListMaintenanceWindows', method: 'GET', path: '/api/v1/maintenance-windows', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1CreateMaintenanceWindow', method: 'POST', path: '/api/v1/maintenance-windows', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1GetMaintenanceWindow', method: 'GET', path: '/api/v1/maintenance-windows/{id}', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1UpdateMaintenanceWindow', method: 'PUT', path: '/api/v1/maintenance-windows/{id}', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1DeleteMaintenanceWindow', method: 'DELETE', path: '/api/v1/maintenance-windows/{id}', area: 'v1', access: 'key', role: 'member' },
  { name: 'v1ListStatusPages', method: 'GET', path: '/api/v1/status-pages', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1GetStatusPage', method: 'GET', path: '/api/v1/status-pages/{id}', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1ListChannels', method: 'GET', path: '/api/v1/channels', area: 'v1', access: 'key', role: 'viewer' },
  { name: 'v1GetChannel', method: 'GET', path: '/api/v1/channels/{id}', area: 'v1', access: 'key', role: 'viewer' },
] as const satisfies readonly Route[];

export type RouteDef = (typeof ROUTES)[number];
export type RouteName = RouteDef['name'];
export type AreaRouteName<A extends Area> = Extract<RouteDef, { area: A }>['name'];

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;

const byRouteKey = new Map<string, Route>(ROUTES.map((route) => [routeKey(route), route as Route]));

/**
 * The route of API Gateway's `routeKey` (`GET /api/monitors`), or of its HEAD twin's
 * (`HEAD /status/{slug}` is the GET route's), or undefined.
 */
export const routeOfKey = (key: string): Route | undefined =>
  byRouteKey.get(key) ?? (key.startsWith('HEAD ') ? byRouteKey.get(`GET ${key.slice(5)}`) : undefined);

export const routesOfArea = (area: Area): readonly Route[] => ROUTES.filter((route) => route.area === area);

/** Areas that have at least one route (each becomes one Lambda function). */
export const areasInUse = (): Area[] => AREAS.filter((area) => routesOfArea(area).length > 0);

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string>;
}

const compiled = ROUTES.map((route) => {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route: route as Route, names, regex: new RegExp(`^${pattern}$`) };
});

/**
 * Finds the route for a request, as API Gateway would. `methodNotAllowed` is set when the path
 * exists under another method, so the gateway can answer 405 rather than 404.
 */
export const matchRoute = (
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: boolean } => {
  let pathExists = false;
  for (const { route, names, regex } of compiled) {
    const found = regex.exec(path);
    if (!found) continue;
    pathExists = true;
    if (route.method !== method.toUpperCase()) continue;
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      pathParameters[name] = decodeURIComponent(found[i + 1] ?? '');
    });
    return { route, pathParameters };
  }
  return { methodNotAllowed: pathExists };
};
