import { describe, expect, it } from 'vitest';
import { ERROR_CATEGORIES } from '../../../shared/checks/check-result.js';
import { draftFirstUpdate } from '../../../shared/incidents/draft-update.js';
import { INCIDENT_UPDATE_LIMITS, IncidentUpdateInput } from '../../../shared/incidents/updates.js';

/** The first update's draft (docs/status-pages.md "Incident updates"): sendable as it is, in the owner's users' words. */

// Words of the checks and of the server room that the owner's users should not read.
const INTERNAL = /quorum|region|round|check|monitor|status code|error code|\b[45]\d\d\b|dns|tls|tcp|timeout|heartbeat|assertion|keyword|json|header|your server|your site/i;

describe('draftFirstUpdate', () => {
  it('says a down service cannot be reached, and that an update will follow', () => {
    expect(draftFirstUpdate({ alert_type: 'down', monitor_name: 'Shop', details: { error_category: 'connection_refused' } })).toEqual({
      status: 'investigating',
      message: "Shop can't be reached right now, so you may not be able to use it. We're investigating and will post an update here as soon as we know more.",
    });
  });

  it('says a service answering with errors shows errors', () => {
    expect(draftFirstUpdate({ alert_type: 'down', monitor_name: 'API', details: { error_category: 'http_5xx' } }).message).toBe(
      "API is showing errors right now instead of working as usual. We're investigating and will post an update here as soon as we know more.",
    );
  });

  it('says a slow service is slow', () => {
    expect(draftFirstUpdate({ alert_type: 'slow', monitor_name: 'Docs', details: { error_category: 'slow_response' } })).toEqual({
      status: 'investigating',
      message: "Docs is slower than usual right now, so things may take longer to load. We're investigating and will post an update here as soon as we know more.",
    });
  });

  it('says a missing background job is not running as it should', () => {
    expect(draftFirstUpdate({ alert_type: 'down', monitor_name: 'Nightly export', details: { error_category: 'heartbeat_missing' } }).message).toMatch(
      /^Nightly export isn't running as it should right now/,
    );
  });

  it('drafts a recovery as resolved', () => {
    expect(draftFirstUpdate({ alert_type: 'up', monitor_name: 'Shop', details: { error_category: null } })).toEqual({
      status: 'resolved',
      message: 'Shop is working normally again. Thank you for your patience.',
    });
  });

  it('drafts every failure in plain words, a message the update form accepts as it is', () => {
    for (const category of [...ERROR_CATEGORIES, null]) {
      const draft = draftFirstUpdate({ alert_type: 'down', monitor_name: 'Shop', details: { error_category: category } });
      expect(draft.status, String(category)).toBe('investigating');
      expect(draft.message.replace('Shop', ''), String(category)).not.toMatch(INTERNAL);
      expect(IncidentUpdateInput.safeParse(draft).success).toBe(true);
      expect(draft.message.length).toBeLessThan(INCIDENT_UPDATE_LIMITS.messageMax);
    }
  });

  it('names the service "Our service" when the monitor has no name', () => {
    expect(draftFirstUpdate({ alert_type: 'down', monitor_name: '  ', details: { error_category: 'timeout' } }).message).toMatch(/^Our service can't be reached/);
  });
});
