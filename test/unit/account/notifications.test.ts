import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCE_KEYS,
  SendTestNotificationInput,
  UpdateNotificationPreferenceInput,
  withDefaultPreferences,
} from '../../../shared/account/notifications.js';

describe('notification preference defaults', () => {
  it('are the product\'s defaults: e-mail, weekly reports, incident and maintenance alerts on; the rest off', () => {
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({
      email_notifications: true,
      sms_notifications: false,
      slack_notifications: false,
      daily_reports: false,
      weekly_reports: true,
      incident_alerts: true,
      maintenance_alerts: true,
    });
  });

  it('withDefaultPreferences gives every key to a user who never saved', () => {
    expect(withDefaultPreferences(undefined)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('withDefaultPreferences lays saved booleans over the defaults and ignores storage attributes', () => {
    const merged = withDefaultPreferences({ PK: 'USER#1', entity: 'x', daily_reports: true, email_notifications: 'no' });
    expect(merged).toEqual({ ...DEFAULT_NOTIFICATION_PREFERENCES, daily_reports: true });
    expect(Object.keys(merged)).toEqual(NOTIFICATION_PREFERENCE_KEYS);
  });
});

describe('UpdateNotificationPreferenceInput', () => {
  it('reads the one changed key', () => {
    expect(UpdateNotificationPreferenceInput.parse({ daily_reports: true })).toEqual({ key: 'daily_reports', value: true });
    expect(UpdateNotificationPreferenceInput.parse({ email_notifications: false })).toEqual({
      key: 'email_notifications',
      value: false,
    });
  });

  it.each([
    ['no key', {}, /exactly one notification preference to change \(got 0\)/],
    ['two keys', { daily_reports: true, weekly_reports: false }, /exactly one notification preference to change \(got 2\)/],
    ['an unknown key', { push_notifications: true }, /Unknown notification preference: push_notifications\. Known preferences: email_notifications/],
    ['a string value', { daily_reports: 'yes' }, /daily_reports must be true or false/],
    ['a null value', { daily_reports: null }, /daily_reports must be true or false/],
  ])('refuses %s with a clear message', (_case, body, message) => {
    const result = UpdateNotificationPreferenceInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join(' ')).toMatch(message);
  });

  it('names the unknown key as the field', () => {
    const result = UpdateNotificationPreferenceInput.safeParse({ daily_reports: true, bogus: true });
    expect(result.error?.issues[0]?.path).toEqual(['bogus']);
  });
});

describe('SendTestNotificationInput', () => {
  it('accepts each test type with an e-mail address', () => {
    for (const notification_type of ['email', 'incident', 'weekly_report', 'daily_report']) {
      expect(SendTestNotificationInput.parse({ notification_type, test_email: ' ada@example.com ' })).toEqual({
        notification_type,
        test_email: 'ada@example.com',
      });
    }
  });

  it.each([
    ['an unknown type', { notification_type: 'sms', test_email: 'ada@example.com' }, 'notification_type must be one of: email, incident, weekly_report, daily_report'],
    ['a missing address', { notification_type: 'email' }, 'test_email is required'],
    ['an address that is not one', { notification_type: 'email', test_email: 'ada' }, 'Please enter a valid email address'],
    ['an overlong address', { notification_type: 'email', test_email: `${'a'.repeat(250)}@example.com` }, 'test_email is too long'],
  ])('refuses %s', (_case, body, message) => {
    const result = SendTestNotificationInput.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toContainEqual(expect.stringContaining(message));
  });
});
