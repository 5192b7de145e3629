import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from '../../../frontend/src/features/settings/utils/password-change';
import { sectionFromQuery } from '../../../frontend/src/features/settings/utils/sections';

describe('validatePasswordChange (docs/product-rules.md "Validation rules")', () => {
  const valid = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };

  it('accepts three filled fields with a matching new password of 8 characters or more', () => {
    expect(validatePasswordChange(valid)).toEqual({});
    expect(validatePasswordChange({ ...valid, newPassword: '12345678', confirmPassword: '12345678' })).toEqual({});
  });

  it('requires all three fields', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your new password',
    });
  });

  it('says the new passwords do not match, in the product\'s words', () => {
    expect(validatePasswordChange({ ...valid, confirmPassword: 'new-passw0rd' })).toEqual({
      confirmPassword: 'New passwords do not match',
    });
  });

  it('says a new password under 8 characters is too short, in the product\'s words', () => {
    expect(validatePasswordChange({ ...valid, newPassword: '1234567', confirmPassword: '1234567' })).toEqual({
      newPassword: 'New password must be at least 8 characters long',
    });
  });
});

describe('sectionFromQuery (docs/product-rules.md "Settings")', () => {
  const of = (query: string) => sectionFromQuery(new URLSearchParams(query));

  it('opens the section the query names', () => {
    for (const section of ['profile', 'subscription', 'notifications', 'security', 'export']) {
      expect(of(`section=${section}`)).toBe(section);
    }
  });

  it('opens profile by default and for an unknown section', () => {
    expect(of('')).toBe('profile');
    expect(of('section=billing')).toBe('profile');
  });

  it('opens subscription for a return from checkout that names no section', () => {
    expect(of('upgraded=true')).toBe('subscription');
    expect(of('upgraded=true&section=security')).toBe('security');
  });
});
