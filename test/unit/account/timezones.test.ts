import { describe, expect, it } from 'vitest';
import {
  availableTimezones,
  resolveTimezone,
  timezoneOption,
  timezoneOptions,
  UpdateUserPreferencesInput,
} from '../../../shared/account/timezones.js';

const JANUARY = new Date('2025-01-15T12:00:00Z');
const JULY = new Date('2025-07-15T12:00:00Z');

describe('timezone options', () => {
  it('lists UTC first, once, then the zones the runtime knows', () => {
    const zones = availableTimezones();
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/London');
    expect(zones.length).toBeGreaterThan(300);
  });

  it('lists the current IANA names (Asia/Kolkata, Europe/Kyiv), never the old ones the runtime may carry', () => {
    const zones = availableTimezones();
    expect(zones).toEqual(expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv']));
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).not.toContain('Europe/Kiev');
    expect(new Set(zones).size).toBe(zones.length);
    expect(timezoneOption('Asia/Kolkata', JULY).offset).toBe('GMT+5:30');
  });

  it('labels a zone with its short offset at the given moment, so DST shows', () => {
    expect(timezoneOption('America/New_York', JANUARY)).toEqual({
      value: 'America/New_York',
      label: 'America/New York (GMT-5)',
      offset: 'GMT-5',
    });
    expect(timezoneOption('America/New_York', JULY).offset).toBe('GMT-4');
    expect(timezoneOption('Asia/Kathmandu', JULY).offset).toBe('GMT+5:45');
    // ICU versions write a zero offset as "GMT" or "GMT+0".
    expect(timezoneOption('UTC', JULY)).toMatchObject({ value: 'UTC', label: expect.stringMatching(/^UTC \(GMT(\+0)?\)$/) });
  });

  it('lists a zone whose offset cannot be produced without one', () => {
    expect(timezoneOptions(JULY, ['Europe/Paris', 'Nowhere/Atlantis'])).toEqual([
      { value: 'Europe/Paris', label: 'Europe/Paris (GMT+2)', offset: 'GMT+2' },
      { value: 'Nowhere/Atlantis', label: 'Nowhere/Atlantis', offset: null },
    ]);
  });

  it('gives every runtime zone an option', () => {
    const options = timezoneOptions(JULY);
    expect(options.map((option) => option.value)).toEqual(availableTimezones());
    expect(options.every((option) => option.offset?.startsWith('GMT'))).toBe(true);
  });
});

describe('resolveTimezone', () => {
  it('keeps a listed zone as written and corrects the case of one', () => {
    expect(resolveTimezone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimezone('utc')).toBe('UTC');
    expect(resolveTimezone('america/new_york')).toBe('America/New_York');
  });

  it('keeps an alias the runtime knows but does not list, as sent', () => {
    expect(resolveTimezone('US/Eastern', ['UTC', 'America/New_York'])).toBe('US/Eastern');
  });

  it('stores an old name under its current one', () => {
    expect(resolveTimezone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(resolveTimezone('Europe/Kiev')).toBe('Europe/Kyiv');
  });

  it('refuses a name no runtime knows', () => {
    expect(resolveTimezone('Mars/Olympus_Mons')).toBeNull();
    expect(resolveTimezone('')).toBeNull();
  });
});

describe('UpdateUserPreferencesInput', () => {
  it('reads a timezone', () => {
    expect(UpdateUserPreferencesInput.parse({ timezone: ' Asia/Tokyo ' })).toEqual({ timezone: 'Asia/Tokyo' });
  });

  it.each([
    ['an unknown zone', { timezone: 'Mars/Olympus_Mons' }, 'Unknown timezone: Mars/Olympus_Mons'],
    ['a missing zone', {}, 'timezone is required'],
    ['an empty zone', { timezone: '  ' }, 'timezone is required'],
    ['a number', { timezone: 5 }, 'timezone is required'],
    ['an overlong zone', { timezone: 'Europe/'.padEnd(80, 'x') }, 'timezone is too long'],
  ])('refuses %s', (_case, body, message) => {
    const result = UpdateUserPreferencesInput.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toContainEqual(expect.stringContaining(message));
  });
});
