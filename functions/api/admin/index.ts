import { areaHandler } from '../../http/area-handler.js';
import { isInAdminGroupNow } from '../../repositories/operator-group-repository.js';
import { handler as adminBulkMonitorsForUser } from './bulk-monitors-for-user.js';
import { handler as adminBulkMonitorsGlobal } from './bulk-monitors-global.js';
import { handler as adminDashboard } from './dashboard.js';
import { handler as adminDeleteUser } from './delete-user.js';
import { handler as adminGetUser } from './get-user.js';
import { handler as adminHoldMonitor } from './hold-monitor.js';
import { handler as adminListApplicationErrors } from './list-application-errors.js';
import { handler as adminListContactMessages } from './list-contact-messages.js';
import { handler as adminListIncidents } from './list-incidents.js';
import { handler as adminListMonitors } from './list-monitors.js';
import { handler as adminListPayments } from './list-payments.js';
import { handler as adminListUsers } from './list-users.js';
import { handler as adminLogin } from './login.js';
import { handler as adminMarkContactMessageAnswered } from './mark-contact-message-answered.js';
import { handler as adminMe } from './me.js';
import { handler as adminRemoveAccountManager } from './remove-account-manager.js';
import { handler as adminResolveApplicationError } from './resolve-application-error.js';
import { handler as adminSetAccountManager } from './set-account-manager.js';
import { handler as adminUpdateUser } from './update-user.js';
import { handler as adminUpgradeUser } from './upgrade-user.js';

/** The operator panel's API (docs/admin.md); every route but login is `access: 'admin'`. */
export const handler = areaHandler('admin', {
  adminLogin,
  adminMe,
  adminDashboard,
  adminListUsers,
  adminGetUser,
  adminUpdateUser,
  adminUpgradeUser,
  adminDeleteUser,
  adminBulkMonitorsGlobal,
  adminBulkMonitorsForUser,
  adminListMonitors,
  adminHoldMonitor,
  adminListIncidents,
  adminListPayments,
  adminListApplicationErrors,
  adminResolveApplicationError,
  adminListContactMessages,
  adminMarkContactMessageAnswered,
  adminSetAccountManager,
  adminRemoveAccountManager,
}, undefined, isInAdminGroupNow);
