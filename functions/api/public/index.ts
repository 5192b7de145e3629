import { areaHandler } from '../../http/area-handler.js';
import { enforceIpLimit } from '../../http/ip-limits.js';
import { handler as acknowledgeByLink } from './acknowledge-by-link.js';
import { getStatusBadge, getUptimeBadge } from './get-badge.js';
import { handler as getAcknowledgement } from './get-acknowledgement.js';
import { handler as confirmChannel } from './confirm-channel.js';
import { handler as getMonitorTemplate } from './get-monitor-template.js';
import { handler as health } from './health.js';
import { handler as listPackages } from './list-packages.js';
import { handler as submitContact } from './submit-contact.js';

export const handler = areaHandler(
  'public',
  { health, getMonitorTemplate, listPackages, submitContact, getAcknowledgement, acknowledgeByLink, confirmChannel, getStatusBadge, getUptimeBadge },
  enforceIpLimit,
);
