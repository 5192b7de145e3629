import { describe, expect, it } from 'vitest';
import { CreateStatusPageInput, UpdateStatusPageInput } from '../../../shared/status-pages/schemas.js';

/** The management API's input rules (docs/status-pages.md "Pages and components"), each refusal in words a user reads. */
const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('status page input', () => {
  it('takes {name, slug, monitor_ids} and lower-cases the slug', () => {
    const parsed = CreateStatusPageInput.parse({ name: ' Shop ', slug: 'Shop-Status', monitor_ids: ['m1'] });
    expect(parsed).toMatchObject({ name: 'Shop', slug: 'shop-status', monitor_ids: ['m1'] });
  });

  it('refuses reserved, malformed and empty slugs in plain words', () => {
    expect(problems(CreateStatusPageInput.safeParse({ name: 'A', slug: 'admin' }))).toEqual(['slug: This address is reserved; please choose another slug']);
    expect(problems(CreateStatusPageInput.safeParse({ name: 'A', slug: 'a--b' }))[0]).toMatch(/^slug: Slug must be 3 to 48/);
    expect(problems(CreateStatusPageInput.safeParse({ name: 'A', slug: '' }))).toEqual(['slug: Slug is required']);
  });

  it('says what is wrong with an empty monitor id, not a type checker message', () => {
    expect(problems(CreateStatusPageInput.safeParse({ name: 'A', slug: 'shop', monitor_ids: [''] }))).toEqual([
      'monitor_ids.0: Each monitor id must be a monitor id',
    ]);
  });

  it('refuses both component forms at once, unknown fields and a non-https logo', () => {
    expect(problems(CreateStatusPageInput.safeParse({ name: 'A', slug: 'shop', monitor_ids: [], components: [] }))).toEqual([
      'components: Send monitor_ids or components, not both',
    ]);
    expect(CreateStatusPageInput.safeParse({ name: 'A', slug: 'shop', owner: 'x' }).success).toBe(false);
    expect(problems(UpdateStatusPageInput.safeParse({ logo_url: 'http://example.com/logo.png' }))).toEqual([
      'logo_url: Logo URL must be an https:// address',
    ]);
  });
});
