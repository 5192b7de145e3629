import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS, ContactInput } from '../../../shared/contact/schemas.js';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'sales', message: 'Do you offer yearly billing?' };

const messagesOf = (body: unknown): string[] =>
  ContactInput.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

describe('ContactInput', () => {
  it('accepts each of the six subjects and trims the text fields', () => {
    for (const subject of CONTACT_SUBJECTS) {
      expect(ContactInput.parse({ ...valid, subject, name: '  Ada  ', message: ' Hi ' })).toEqual({
        ...valid,
        subject,
        name: 'Ada',
        message: 'Hi',
      });
    }
  });

  it('keeps line breaks in the message', () => {
    expect(ContactInput.parse({ ...valid, message: 'line one\nline two' }).message).toBe('line one\nline two');
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'Name is required'],
    ['a blank message', { ...valid, message: '   ' }, 'Message is required'],
    ['a missing email', { ...valid, email: undefined }, 'Email is required'],
    ['an address that is not one', { ...valid, email: 'ada.example.com' }, 'Please enter a valid email address'],
    ['an unknown subject', { ...valid, subject: 'jobs' }, 'Subject must be one of: sales, support, billing, partnership, feedback, other'],
    ['a missing subject', { ...valid, subject: undefined }, 'Subject must be one of'],
    ['an overlong name', { ...valid, name: 'a'.repeat(101) }, 'Name is too long (100 characters at most)'],
    ['an overlong message', { ...valid, message: 'a'.repeat(5001) }, 'Message is too long (5000 characters at most)'],
    ['a name with a line break', { ...valid, name: 'Ada\r\nBcc: x@example.com' }, 'Name cannot contain line breaks'],
    ['a number for the message', { ...valid, message: 42 }, 'Message is required'],
  ])('refuses %s', (_case, body, message) => {
    expect(messagesOf(body)).toContainEqual(expect.stringContaining(message));
  });
});
