import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badgeKey } from '../../../functions/repositories/badge-repository.js';
import { heartbeatKey } from '../../../functions/repositories/heartbeat-repository.js';
import { monitorCompanionDeletes, monitorLookupKeys } from '../../../functions/repositories/monitor-items.js';
import { badgeLookupKey } from '../../../shared/table/keys.js';

/** A monitor's badge lookup (keys.ts 53) goes wherever the monitor goes (docs/status-pages.md "Badges"). */
describe("a monitor's badge lookup", () => {
  const token = 'T'.repeat(43);

  it('is keyed by the SHA-256 of the token, never the token itself', () => {
    const key = badgeKey(token);
    expect(key).toEqual(badgeLookupKey(createHash('sha256').update(token).digest('hex')));
    expect(key.PK).toMatch(/^BADGE#[0-9a-f]{64}$/);
    expect(key.PK).not.toContain(token);
    expect(key.SK).toBe('BADGE');
  });

  it("is among the monitor's lookup keys beside a heartbeat's, and deleted with it", () => {
    const heartbeat = { entity: 'monitor', target: { type: 'heartbeat', token: 'H'.repeat(43) }, badge_token: token };
    expect(monitorLookupKeys(heartbeat)).toEqual([heartbeatKey('H'.repeat(43)), badgeKey(token)]);
    expect(monitorLookupKeys({ entity: 'monitor', badge_token: token })).toEqual([badgeKey(token)]);
    expect(monitorLookupKeys({ entity: 'monitor' })).toEqual([]);
    const deletes = monitorCompanionDeletes('user-1', 'monitor-1', { entity: 'monitor', badge_token: token });
    expect(deletes).toContainEqual({ Delete: { Key: badgeKey(token) } });
  });
});
