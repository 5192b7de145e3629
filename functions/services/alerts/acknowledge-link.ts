import { createHash, randomBytes } from 'node:crypto';
import { ACK_PAGE_PATH } from '../../../shared/alerts/acknowledge.js';
import { findAckLink, storeAckLink, type AckLink } from '../../repositories/ack-token-repository.js';

/**
 * The one-click acknowledgement link of one alert message (docs/alerts.md "Acknowledgement"):
 * a random token (only its hash is stored) in `${appUrl}/ack?token=...`, the SPA page that shows
 * the incident and acknowledges it with one button.
 */
const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newAcknowledgeUrl = async (appUrl: string, link: AckLink, now: Date): Promise<string> => {
  const token = randomBytes(24).toString('base64url');
  await storeAckLink(hashOf(token), link, now);
  return `${appUrl}${ACK_PAGE_PATH}?token=${token}`;
};

export const ackLinkOfToken = (token: string, now: Date): Promise<AckLink | null> => findAckLink(hashOf(token), now);
