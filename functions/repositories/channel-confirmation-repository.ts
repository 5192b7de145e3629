import { channelKey } from '../../shared/table/keys.js';
import * as table from './table-commands.js';
import { writeIfAllowed } from './table.js';

/**
 * Confirms an e-mail channel's address (keys.ts 40): unconfirmed -> active, in one conditional
 * write, only while the channel exists, is still unconfirmed and still sends to `address` (the one
 * the link was mailed to). False when any of that no longer holds.
 */
export const activateConfirmedChannel = async (userId: string, channelId: string, address: string, now: Date): Promise<boolean> =>
  writeIfAllowed(
    table.update({
      Key: channelKey(userId, channelId),
      UpdateExpression: 'SET #status = :active, confirmed_at = :now, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK) AND #status = :unconfirmed AND #config.#address = :address',
      ExpressionAttributeNames: { '#status': 'status', '#config': 'config', '#address': 'address' },
      ExpressionAttributeValues: { ':active': 'active', ':unconfirmed': 'unconfirmed', ':address': address, ':now': now.toISOString() },
    }),
  );
