/**
 * What each route of the route table (./routes.ts) takes and answers: its request body, its query
 * and its response, by route name. The SPA's typed client (frontend/src/lib/api-client.ts) reads
 * it, so a call names a route, never a path, and gets the response type the server sends.
 *
 * Types only: the bodies and queries are the zod schemas' types the handlers validate with, the
 * responses the shapes the services return. `RouteContracts` must name every route of the table and
 * no other, so a renamed or removed route breaks the build here and at every call.
 */
import type { z } from 'zod';
import type { SlaReport } from '../sla/report.js';
import type { SlaReportQuery } from '../sla/report-query.js';
import type { SlaMonitorTargetInput, SlaWorkspaceTargetInput } from '../sla/targets.js';
import type { MonitorSlaMonth, SlaMonthList, SlaTargetsView } from '../sla/views.js';
import type { SessionListResponse, SignedOutResponse } from '../auth/sessions.js';
import type { WorkspaceAuditFilters, WorkspaceAuditList, WorkspaceAuditListQuery } from '../workspaces/audit.js';
import type { WorkspaceList } from '../workspaces/schemas.js';
import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey, RevokedApiKey } from '../workspaces/api-keys.js';
import type {
  AcceptedInvitation,
  CreateInvitationInput,
  InvitationList,
  InvitationPreview,
  InvitationTokenInput,
  InvitationView,
  MemberChangeResult,
  MemberList,
  MemberView,
  RenameWorkspaceInput,
  TransferOwnershipInput,
  UpdateMemberRoleInput,
  WorkspaceNameView,
} from '../workspaces/members.js';
import type { NotificationPreferences, SendTestNotificationInput, TestNotificationResult } from '../account/notifications.js';
import type {
  ChannelList,
  ChannelView,
  CreatedChannel,
  DeletedChannel,
  DeliveryList,
  RotatedSecret,
  TestDeliveryResult,
  UpdateChannelInput,
} from '../alerts/schemas.js';
import type { AcknowledgementView, AcknowledgeTokenInput, AcknowledgeTokenQuery } from '../alerts/acknowledge.js';
import type { ChannelType } from '../alerts/channels/index.js';
import type { ChannelConfirmationResult, ConfirmChannelInput } from '../alerts/confirm-channel.js';
import type { AccountAlertRules, AlertRulesInput } from '../alerts/rules.js';
import type { Packages, SubscriptionLimits } from '../account/subscription.js';
import type { TimezoneList, UpdateUserPreferencesInput, UserPreferences } from '../account/timezones.js';
import type { DisableTwoFactorInput, RecoveryCodes, TwoFactorCodeInput, TwoFactorSetup, TwoFactorStatus } from '../auth/two-factor.js';
import type {
  AdminContactMessage,
  AdminContactMessageList,
  AdminDashboard,
  AdminIdentity,
  AdminIncidentList,
  AdminIncidentsQuery,
  AdminLoginInput,
  AdminLoginResponse,
  AdminMonitorList,
  AdminMonitorsQuery,
  AdminPagedQuery,
  AdminPaymentList,
  AdminPaymentsQuery,
  AdminUpdateUserInput,
  AdminUpgradeUserInput,
  AdminMonitorHoldInput,
  AdminMonitor,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  AdminUsersQuery,
  ApplicationError,
  ApplicationErrorList,
  ApplicationErrorsQuery,
  GlobalBulkUploadResult,
  SingleUserBulkUploadResult,
} from '../admin/schemas.js';
import type {
  ChangePasswordInput,
  ChangePasswordResponse,
  DeleteAccountInput,
  ForgotPasswordInput,
  LoginInput,
  LoginResponse,
  LogoutInput,
  RefreshSessionInput,
  RegisterInput,
  ResendVerificationInput,
  ResetPasswordInput,
  CheckResetLinkInput,
  User,
  VerifyEmailQuery,
} from '../auth/schemas.js';
import type {
  CancelInput,
  CancelResponse,
  CheckoutCancelInput,
  CheckoutSessionInput,
  CheckoutSessionResponse,
  CheckoutStatusQuery,
  CheckoutStatusResponse,
  DowngradeInput,
  DowngradeResponse,
  PaymentHistoryResponse,
  ResumeResponse,
} from '../billing/schemas.js';
import type { CardPortalSession, ReceiptDocument } from '../billing/receipts.js';
import type { ContactInput, ContactResult } from '../contact/schemas.js';
import type { AccountManager, AccountManagerInput, AccountManagerView } from '../support/account-manager.js';
import type { IncidentList, Incident, ListIncidentsQuery } from '../incidents/schemas.js';
import type { IncidentUpdateInput } from '../incidents/updates.js';
import type { MonitorAnalytics, MonitorAnalyticsQuery } from '../insights/analytics.js';
import type { MonitorDetails } from '../insights/monitor-details.js';
import type { DashboardStats, DataExport, RetentionSummary } from '../insights/schemas.js';
import type { DeletedMaintenanceWindow, MaintenanceWindowBody, MaintenanceWindowList, MaintenanceWindowView } from '../maintenance/schemas.js';
import type { BulkUploadResult, MonitorTemplate, MonitorTemplateQuery } from '../monitors/bulk-upload.js';
import type {
  CreateMonitorInput,
  ForceCheckQuery,
  ForceCheckResult,
  ListMonitorsQuery,
  Monitor,
  MonitorList,
  UpdateMonitorInput,
} from '../monitors/schemas.js';
import type { BadgeLinksView, BadgeQuery } from '../badges/badges.js';
import type { HeartbeatUrlView } from '../monitors/types/heartbeat.js';
import type { PublicStatusPage } from '../status-pages/public-page.js';
import type { CreateStatusPageInput, StatusPageList, StatusPageView, UpdateStatusPageInput } from '../status-pages/schemas.js';
import type { SubscribeInput, SubscriberList, SubscriberListQuery } from '../status-pages/subscribers.js';
import type { RouteName } from './routes.js';
import type { V1RouteContracts } from './v1/operations.js';

/**
 * One route's shapes. `body` is undefined for a route that reads none; `query` lists the query
 * parameters it reads (never when it reads none); a CSV upload's body is multipart form data.
 */
export interface RouteContract<Body = undefined, Response = unknown, Query = never> {
  body: Body;
  query: Query;
  response: Response;
}

/** The short answers that carry only a text for the user. */
/** POST /api/channels as the client sends it. */
export interface CreateChannelBody {
  type: ChannelType;
  name: string;
  config: Record<string, string>;
  is_default?: boolean;
}

export interface MessageResponse {
  message: string;
}

export interface RegisterResponse extends MessageResponse {
  email: string;
}

export interface VerifyEmailResponse extends MessageResponse {
  /** The link had worked before: the address is verified, and the page offers login. */
  already_verified: boolean;
}

export interface RefreshSessionResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

export interface WebhookResponse {
  received: true;
  duplicate: boolean;
}

/** A zod object's parsed query, as a caller sends it: every parameter optional, null or undefined for "not sent". */
type QueryOf<Schema> = Schema extends z.ZodType ? { [K in keyof z.output<Schema>]?: z.output<Schema>[K] | null } : never;

/** A multipart CSV upload (the `file` field). */
type CsvForm = FormData;

/** Keeps the map in step with the route table: every route named, no other name. */
type Complete<Map extends Record<RouteName, RouteContract<unknown, unknown, unknown>> & Record<Exclude<keyof Map, RouteName>, never>> = Map;

// The public API's rows come from its operation table (docs/api.md "One source").
export type RouteContracts = Complete<V1RouteContracts & {
  health: RouteContract<undefined, { status: 'ok' }>;
  register: RouteContract<RegisterInput, RegisterResponse>;
  verifyEmail: RouteContract<undefined, VerifyEmailResponse, QueryOf<typeof VerifyEmailQuery>>;
  login: RouteContract<LoginInput, LoginResponse>;
  refreshSession: RouteContract<RefreshSessionInput, RefreshSessionResponse>;
  getMe: RouteContract<undefined, User>;
  createMonitor: RouteContract<CreateMonitorInput, Monitor>;
  listMonitors: RouteContract<undefined, MonitorList, QueryOf<typeof ListMonitorsQuery>>;
  forceCheck: RouteContract<undefined, ForceCheckResult, QueryOf<typeof ForceCheckQuery>>;
  bulkUploadMonitors: RouteContract<CsvForm, BulkUploadResult>;
  updateMonitor: RouteContract<UpdateMonitorInput, Monitor>;
  deleteMonitor: RouteContract<undefined, MessageResponse>;
  getMonitorTemplate: RouteContract<undefined, MonitorTemplate, QueryOf<typeof MonitorTemplateQuery>>;
  listPackages: RouteContract<undefined, Packages>;
  submitContact: RouteContract<ContactInput, ContactResult>;
  submitSupportMessage: RouteContract<ContactInput, ContactResult>;
  getAccountManager: RouteContract<undefined, AccountManagerView>;
  resendVerification: RouteContract<ResendVerificationInput, MessageResponse>;
  forgotPassword: RouteContract<ForgotPasswordInput, MessageResponse>;
  resetPassword: RouteContract<ResetPasswordInput, MessageResponse>;
  checkResetLink: RouteContract<CheckResetLinkInput, MessageResponse>;
  changePassword: RouteContract<ChangePasswordInput, ChangePasswordResponse>;
  deleteAccount: RouteContract<DeleteAccountInput, MessageResponse>;
  getTwoFactor: RouteContract<undefined, TwoFactorStatus>;
  startTwoFactorSetup: RouteContract<undefined, TwoFactorSetup>;
  confirmTwoFactorSetup: RouteContract<TwoFactorCodeInput, RecoveryCodes>;
  regenerateRecoveryCodes: RouteContract<TwoFactorCodeInput, RecoveryCodes>;
  disableTwoFactor: RouteContract<DisableTwoFactorInput, TwoFactorStatus>;
  listSessions: RouteContract<undefined, SessionListResponse>;
  signOutSession: RouteContract<undefined, SignedOutResponse>;
  signOutEverywhere: RouteContract<undefined, SignedOutResponse>;
  logout: RouteContract<LogoutInput, SignedOutResponse>;
  getDashboardStats: RouteContract<undefined, DashboardStats>;
  listIncidents: RouteContract<undefined, IncidentList, QueryOf<typeof ListIncidentsQuery>>;
  exportData: RouteContract<undefined, DataExport>;
  getRetention: RouteContract<undefined, RetentionSummary>;
  getMonitorDetails: RouteContract<undefined, MonitorDetails>;
  getMonitorAnalytics: RouteContract<undefined, MonitorAnalytics, QueryOf<typeof MonitorAnalyticsQuery>>;
  getSlaTargets: RouteContract<undefined, SlaTargetsView>;
  setSlaTarget: RouteContract<SlaWorkspaceTargetInput, SlaTargetsView>;
  setMonitorSlaTarget: RouteContract<SlaMonitorTargetInput, SlaTargetsView>;
  getMonitorSlaMonth: RouteContract<undefined, MonitorSlaMonth>;
  listSlaMonths: RouteContract<undefined, SlaMonthList>;
  /** JSON by default; `format=pdf` or `csv` answers the file. */
  getSlaReport: RouteContract<undefined, SlaReport, QueryOf<typeof SlaReportQuery>>;
  acknowledgeIncident: RouteContract<undefined, Incident>;
  getAcknowledgement: RouteContract<undefined, AcknowledgementView, QueryOf<typeof AcknowledgeTokenQuery>>;
  acknowledgeByLink: RouteContract<AcknowledgeTokenInput, AcknowledgementView>;
  getIncident: RouteContract<undefined, Incident>;
  postIncidentUpdate: RouteContract<IncidentUpdateInput, Incident>;
  getSubscriptionLimits: RouteContract<undefined, SubscriptionLimits>;
  getNotificationPreferences: RouteContract<undefined, NotificationPreferences>;
  // The one changed switch, e.g. `{ daily_reports: true }` (the handler parses it into `{ key, value }`).
  updateNotificationPreferences: RouteContract<Partial<NotificationPreferences>, NotificationPreferences>;
  sendTestNotification: RouteContract<SendTestNotificationInput, TestNotificationResult>;
  listChannels: RouteContract<undefined, ChannelList>;
  // The request bodies are the wire shapes (the handler checks `config` against the channel's type).
  createChannel: RouteContract<CreateChannelBody, CreatedChannel>;
  updateChannel: RouteContract<z.input<typeof UpdateChannelInput>, ChannelView>;
  deleteChannel: RouteContract<undefined, DeletedChannel>;
  testChannel: RouteContract<undefined, TestDeliveryResult>;
  rotateChannelSecret: RouteContract<undefined, RotatedSecret>;
  listChannelDeliveries: RouteContract<undefined, DeliveryList>;
  resendChannelConfirmation: RouteContract<undefined, MessageResponse>;
  confirmChannel: RouteContract<ConfirmChannelInput, ChannelConfirmationResult>;
  getAlertRules: RouteContract<undefined, AccountAlertRules>;
  updateAlertRules: RouteContract<z.input<typeof AlertRulesInput>, AccountAlertRules>;
  listTimezones: RouteContract<undefined, TimezoneList>;
  listWorkspaces: RouteContract<undefined, WorkspaceList>;
  listWorkspaceAuditLog: RouteContract<undefined, WorkspaceAuditList, QueryOf<typeof WorkspaceAuditListQuery>>;
  exportWorkspaceAuditLog: RouteContract<undefined, string, QueryOf<typeof WorkspaceAuditFilters>>;
  listApiKeys: RouteContract<undefined, ApiKeyList>;
  createApiKey: RouteContract<CreateApiKeyBody, CreatedApiKey>;
  revokeApiKey: RouteContract<undefined, RevokedApiKey>;
  renameWorkspace: RouteContract<RenameWorkspaceInput, WorkspaceNameView>;
  listMembers: RouteContract<undefined, MemberList>;
  updateMemberRole: RouteContract<UpdateMemberRoleInput, MemberView>;
  removeMember: RouteContract<undefined, MemberChangeResult>;
  leaveWorkspace: RouteContract<undefined, MemberChangeResult>;
  transferOwnership: RouteContract<TransferOwnershipInput, MemberChangeResult>;
  createInvitation: RouteContract<CreateInvitationInput, InvitationView>;
  listInvitations: RouteContract<undefined, InvitationList>;
  revokeInvitation: RouteContract<undefined, MemberChangeResult>;
  checkInvitation: RouteContract<InvitationTokenInput, InvitationPreview>;
  acceptInvitation: RouteContract<InvitationTokenInput, AcceptedInvitation>;
  updateUserPreferences: RouteContract<UpdateUserPreferencesInput, UserPreferences>;
  listMaintenanceWindows: RouteContract<undefined, MaintenanceWindowList>;
  createMaintenanceWindow: RouteContract<MaintenanceWindowBody, MaintenanceWindowView>;
  getMaintenanceWindow: RouteContract<undefined, MaintenanceWindowView>;
  updateMaintenanceWindow: RouteContract<MaintenanceWindowBody, MaintenanceWindowView>;
  deleteMaintenanceWindow: RouteContract<undefined, DeletedMaintenanceWindow>;
  createCheckoutSession: RouteContract<CheckoutSessionInput, CheckoutSessionResponse>;
  getCheckoutStatus: RouteContract<undefined, CheckoutStatusResponse, QueryOf<typeof CheckoutStatusQuery>>;
  // The providers' signed events, read as raw text (the signature covers the exact bytes).
  stripeWebhook: RouteContract<string, WebhookResponse>;
  razorpayWebhook: RouteContract<string, WebhookResponse>;
  downgradeSubscription: RouteContract<DowngradeInput, DowngradeResponse>;
  cancelSubscription: RouteContract<CancelInput, CancelResponse>;
  resumeSubscription: RouteContract<undefined, ResumeResponse>;
  cancelCheckout: RouteContract<CheckoutCancelInput, CheckoutStatusResponse>;
  listPaymentHistory: RouteContract<undefined, PaymentHistoryResponse>;
  downloadReceipt: RouteContract<undefined, ReceiptDocument>;
  createCardPortalSession: RouteContract<undefined, CardPortalSession>;
  adminLogin: RouteContract<AdminLoginInput, AdminLoginResponse>;
  adminMe: RouteContract<undefined, AdminIdentity>;
  adminDashboard: RouteContract<undefined, AdminDashboard>;
  adminListUsers: RouteContract<undefined, AdminUserList, QueryOf<typeof AdminUsersQuery>>;
  adminGetUser: RouteContract<undefined, AdminUserDetail>;
  adminUpdateUser: RouteContract<AdminUpdateUserInput, { user: AdminUser }>;
  adminUpgradeUser: RouteContract<AdminUpgradeUserInput, { user: AdminUser; message: string }>;
  adminDeleteUser: RouteContract<undefined, MessageResponse>;
  adminBulkMonitorsGlobal: RouteContract<CsvForm, GlobalBulkUploadResult>;
  adminBulkMonitorsForUser: RouteContract<CsvForm, SingleUserBulkUploadResult>;
  adminListMonitors: RouteContract<undefined, AdminMonitorList, QueryOf<typeof AdminMonitorsQuery>>;
  adminHoldMonitor: RouteContract<AdminMonitorHoldInput, { monitor: AdminMonitor; message: string }>;
  adminListIncidents: RouteContract<undefined, AdminIncidentList, QueryOf<typeof AdminIncidentsQuery>>;
  adminListPayments: RouteContract<undefined, AdminPaymentList, QueryOf<typeof AdminPaymentsQuery>>;
  adminListApplicationErrors: RouteContract<undefined, ApplicationErrorList, QueryOf<typeof ApplicationErrorsQuery>>;
  adminResolveApplicationError: RouteContract<undefined, { error: ApplicationError }>;
  adminListContactMessages: RouteContract<undefined, AdminContactMessageList, QueryOf<typeof AdminPagedQuery>>;
  adminMarkContactMessageAnswered: RouteContract<undefined, { message: AdminContactMessage }>;
  adminSetAccountManager: RouteContract<AccountManagerInput, { account_manager: AccountManager }>;
  adminRemoveAccountManager: RouteContract<undefined, { account_manager: null }>;
  // A heartbeat monitor's push URL: whatever the job sends is ignored; the token is the auth.
  heartbeatPing: RouteContract<undefined, MessageResponse>;
  heartbeatPingGet: RouteContract<undefined, MessageResponse>;
  heartbeatFail: RouteContract<undefined, MessageResponse>;
  heartbeatFailGet: RouteContract<undefined, MessageResponse>;
  regenerateHeartbeatUrl: RouteContract<undefined, HeartbeatUrlView>;
  // Badges: the owner's links; the SVGs are images (text), not JSON.
  getBadgeLinks: RouteContract<undefined, BadgeLinksView>;
  createBadgeLinks: RouteContract<undefined, BadgeLinksView>;
  getStatusBadge: RouteContract<undefined, string, QueryOf<typeof BadgeQuery>>;
  getUptimeBadge: RouteContract<undefined, string, QueryOf<typeof BadgeQuery>>;
  // Status pages (docs/status-pages.md "Pages and components"): the wire shapes, before zod's trimming and defaults.
  listStatusPages: RouteContract<undefined, StatusPageList>;
  createStatusPage: RouteContract<z.input<typeof CreateStatusPageInput>, StatusPageView>;
  getStatusPage: RouteContract<undefined, StatusPageView>;
  updateStatusPage: RouteContract<z.input<typeof UpdateStatusPageInput>, StatusPageView>;
  deleteStatusPage: RouteContract<undefined, MessageResponse>;
  getPublicStatusPage: RouteContract<undefined, PublicStatusPage>;
  /** A text/html document, not JSON: the page a browser opens (docs/status-pages.md "The public page"). */
  renderStatusPage: RouteContract<undefined, string>;
  /** Feed documents, not JSON API answers: Atom, RSS 2.0 and JSON Feed 1.1 (docs/status-pages.md "Feeds"). */
  getStatusFeedAtom: RouteContract<undefined, string>;
  getStatusFeedRss: RouteContract<undefined, string>;
  getStatusFeedJson: RouteContract<undefined, string>;
  /** Private pages' sign-in (docs/status-pages.md "Private pages"): a form post and a link, each answered with HTML or a 303 to the page. */
  requestStatusPageAccess: RouteContract<{ password?: string; email?: string }, string>;
  openStatusPageAccessLink: RouteContract<undefined, string, { token?: string | null }>;
  // Subscribers (docs/status-pages.md "Subscribers"): the JSON route answers 202 with the same message whatever the address's state;
  // the /status/ routes take forms and answer small HTML pages; the export is a CSV file.
  subscribeToStatusPage: RouteContract<z.input<typeof SubscribeInput>, MessageResponse>;
  subscribeToStatusPageForm: RouteContract<string, string>;
  getSubscriptionConfirmation: RouteContract<undefined, string, { token?: string | null }>;
  confirmSubscription: RouteContract<string, string>;
  getUnsubscribe: RouteContract<undefined, string, { token?: string | null }>;
  unsubscribe: RouteContract<string, string, { token?: string | null }>;
  listStatusPageSubscribers: RouteContract<undefined, SubscriberList, QueryOf<typeof SubscriberListQuery>>;
  exportStatusPageSubscribers: RouteContract<undefined, string>;
  deleteStatusPageSubscriber: RouteContract<undefined, MessageResponse>;
}>;

export type RouteBody<N extends RouteName> = RouteContracts[N]['body'];
export type RouteQuery<N extends RouteName> = RouteContracts[N]['query'];
export type RouteResponse<N extends RouteName> = RouteContracts[N]['response'];
