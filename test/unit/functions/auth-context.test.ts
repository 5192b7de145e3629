import { describe, expect, it } from 'vitest';
import { isAdminClaim, parseGroups } from '../../../shared/auth/roles.js';
import { authContextOf } from '../../../functions/http/auth-context.js';
import { sampleEvent, withoutClaims } from './sample-events.js';

describe('parseGroups', () => {
  it.each([
    ['[admin]', ['admin']],
    ['[admin support]', ['admin', 'support']],
    ['admin', ['admin']],
    ['["admin","support"]', ['"admin","support"']],
    [['admin', 'support'], ['admin', 'support']],
    ['[]', []],
    ['', []],
    [undefined, []],
    [42, []],
  ])('reads %j as %j', (claim, groups) => {
    expect(parseGroups(claim)).toEqual(groups);
  });

  it('does not treat a group that merely contains "admin" as admin', () => {
    expect(isAdminClaim('[administrators]')).toBe(false);
    expect(isAdminClaim('[notadmin]')).toBe(false);
  });

  it.each([
    ['[admins]'],
    ['[x,admin]'],
    ['[admin,x]'],
    ['x,admin'],
    ['["x,admin"]'],
    ['[Admin]'],
    ['["admin "]'],
    ['["admin"]'],
    [['x,admin']],
    [['admins', 'ADMIN']],
  ])('refuses the group-name trick %j', (claim) => {
    expect(isAdminClaim(claim)).toBe(false);
  });

  it('accepts admin among other groups however the claim is flattened', () => {
    expect(isAdminClaim('[support admin]')).toBe(true);
    expect(isAdminClaim(['support', 'admin'])).toBe(true);
  });
});

describe('authContextOf', () => {
  it('takes the user id from sub and the token id from jti, and is not admin without the group', () => {
    expect(authContextOf(sampleEvent('get-me'))).toEqual({
      userId: '3f0c2b1e-7d4a-4c7e-9a51-2b8f6d0e9c41',
      isAdmin: false,
      tokenId: 'c2d9e8f7-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
    });
  });

  it('is admin when API Gateway passes the groups claim as "[admin]"', () => {
    expect(authContextOf(sampleEvent('get-me-admin'))?.isAdmin).toBe(true);
  });

  it('is null when the request carries no authorizer', () => {
    expect(authContextOf(withoutClaims(sampleEvent('get-me')))).toBeNull();
  });
});
