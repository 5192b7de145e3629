import { ackTokenKey, ENTITY } from '../../shared/table/keys.js';
import * as table from './table-commands.js';

/**
 * One-click acknowledgement links (keys.ts 44; docs/alerts.md "Acknowledgement"): each alert
 * message of an opened incident carries a link of its own, stored here by the hash of its token,
 * naming the incident and where the link was sent (so the incident can say who acknowledged).
 * A link is not used up: several people may click it; the incident records the first. It expires
 * with ACK_LINK_DAYS (an account's erasure leaves it pointing at nothing until then).
 */
export const ACK_LINK_DAYS = 30;

export interface AckLink {
  userId: string;
  incidentId: string;
  monitorId: string;
  /** Where the link was sent, as the incident shows it: 'Slack "Ops room"', 'the alert e-mail to ops@x.com'. */
  via: string;
}

export const storeAckLink = async (tokenHash: string, link: AckLink, now: Date): Promise<void> => {
  await table.put({
    Item: {
      ...ackTokenKey(tokenHash),
      entity: ENTITY.ackToken,
      user_id: link.userId,
      incident_id: link.incidentId,
      monitor_id: link.monitorId,
      via: link.via,
      created_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + ACK_LINK_DAYS * 86_400,
    },
  });
};

/** The link a token names; null when unknown or expired (TTL deletes lazily, so the time is checked too). */
export const findAckLink = async (tokenHash: string, now: Date): Promise<AckLink | null> => {
  const { Item } = await table.get({ Key: ackTokenKey(tokenHash) });
  if (!Item || Number(Item.expires_at) <= Math.floor(now.getTime() / 1000)) return null;
  return { userId: String(Item.user_id), incidentId: String(Item.incident_id), monitorId: String(Item.monitor_id), via: String(Item.via) };
};
