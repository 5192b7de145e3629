import { describe, expect, it } from 'vitest';
import { apiErrorReport } from '../../../functions/http/api-error-report.js';
import { sampleEvent, withoutClaims } from './sample-events.js';

const SECRET = 'Zq3v8cYJk1mX0pLr7sTn2uWb5dEf9gHi4oAa6BcDeFg';

describe('the error log of an API 5xx', () => {
  it("keeps a heartbeat's push secret out of the path and the path parameters", () => {
    const event = {
      ...withoutClaims(sampleEvent('register')),
      routeKey: 'POST /api/heartbeat/{token}/fail',
      rawPath: `/api/heartbeat/${SECRET}/fail`,
      pathParameters: { token: SECRET },
    };
    const report = apiErrorReport(event, new Error('boom'));
    expect(report.context).toMatchObject({
      route: 'POST /api/heartbeat/{token}/fail',
      path: '/api/heartbeat/{token}/fail',
      path_parameters: { token: '{token}' },
    });
    expect(JSON.stringify(report.context)).not.toContain(SECRET);
  });

  it('keeps ids, which are not secrets, as they were', () => {
    const event = { ...sampleEvent('register'), routeKey: 'GET /api/monitors/{id}', rawPath: '/api/monitors/01J0000000000000000000000', pathParameters: { id: '01J0000000000000000000000' } };
    expect(apiErrorReport(event, new Error('boom')).context).toMatchObject({ path: '/api/monitors/01J0000000000000000000000', path_parameters: { id: '01J0000000000000000000000' } });
  });
});
