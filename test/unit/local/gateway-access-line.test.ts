import { describe, expect, it } from 'vitest';
import { accessLine } from '../../../infra/local/gateway.js';

const SECRET = 'Zq3v8cYJk1mX0pLr7sTn2uWb5dEf9gHi4oAa6BcDeFg';

describe("the local gateway's access line", () => {
  it("names a heartbeat ping by its route, not the push secret in the path or anything in the query", () => {
    const line = accessLine('POST', `/api/heartbeat/${SECRET}/fail`, 200, 12);
    expect(line).toBe('POST /api/heartbeat/{token}/fail -> 200 (12 ms)');
    expect(line).not.toContain(SECRET);
    expect(accessLine('GET', `/api/public/badges/${SECRET}/status.svg`, 200, 3)).not.toContain(SECRET);
  });

  it('says so when no route matches, without echoing the path', () => {
    expect(accessLine('GET', `/api/nothing/${SECRET}`, 404, 1)).toBe('GET (no route) -> 404 (1 ms)');
  });
});
