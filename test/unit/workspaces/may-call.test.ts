import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../shared/api/routes.js';
import { mayCall } from '../../../shared/workspaces/may-call.js';
import { roleAllows, WORKSPACE_ROLES } from '../../../shared/workspaces/roles.js';

describe('mayCall', () => {
  it('lets a viewer read but not write', () => {
    expect(mayCall('listMonitors', 'viewer')).toBe(true);
    expect(mayCall('createMonitor', 'viewer')).toBe(false);
    expect(mayCall('createMonitor', 'member')).toBe(true);
  });

  it('keeps billing to owners and channels to admins', () => {
    expect(mayCall('createCheckoutSession', 'admin')).toBe(false);
    expect(mayCall('createCheckoutSession', 'owner')).toBe(true);
    expect(mayCall('createChannel', 'member')).toBe(false);
    expect(mayCall('createChannel', 'admin')).toBe(true);
  });

  it('always allows personal routes and never offers public or operator ones', () => {
    expect(mayCall('changePassword', 'viewer')).toBe(true);
    expect(mayCall('login', 'owner')).toBe(false);
    expect(mayCall('adminListUsers', 'owner')).toBe(false);
  });

  it('agrees with the route table for every signed-in route and role', () => {
    for (const route of ROUTES) {
      if (!('role' in route)) continue;
      for (const role of WORKSPACE_ROLES) {
        expect(mayCall(route.name, role)).toBe(route.role === 'personal' || roleAllows(role, route.role));
      }
    }
  });
});
