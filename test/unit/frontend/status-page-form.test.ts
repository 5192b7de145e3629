import { describe, expect, it } from 'vitest';
import { STATUS_PAGE_SLUG_PATTERN } from '../../../shared/status-pages/schemas.js';
import { checkPageForm, groupsUsed, moved, pageFormValuesOf } from '../../../frontend/src/features/status-pages/utils/page-form';
import { suggestSlug } from '../../../frontend/src/features/status-pages/utils/slug';

describe('the slug suggested from a page name', () => {
  it('is lower case, without accents, one hyphen for each run of other characters, none at the ends', () => {
    expect(suggestSlug('Acme Cloud — API')).toBe('acme-cloud-api');
    expect(suggestSlug('  Crème Brûlée Status!! ')).toBe('creme-brulee-status');
    expect(suggestSlug('--Hello__World--')).toBe('hello-world');
    expect(suggestSlug('東京')).toBe('');
  });

  it('is cut to 48 characters without a hyphen at the end, so a long name still gives a slug the server takes', () => {
    const slug = suggestSlug(`${'a'.repeat(47)} b c`);
    expect(slug).toBe('a'.repeat(47));
    expect(STATUS_PAGE_SLUG_PATTERN.test(slug)).toBe(true);
    expect(suggestSlug('x'.repeat(60)).length).toBe(48);
  });
});

describe('the form’s components', () => {
  const rows = ['a', 'b', 'c'];

  it('move one place up or down, and not past either end', () => {
    expect(moved(rows, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(rows, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(rows, 0, -1)).toEqual(rows);
    expect(moved(rows, 2, 1)).toEqual(rows);
  });

  it('offer each group used once, in the order it first appears, ignoring blanks', () => {
    const component = (group: string) => ({ monitor_id: group || 'x', display_name: '', group });
    expect(groupsUsed([component('Core'), component(' '), component('Edge'), component('Core ')])).toEqual(['Core', 'Edge']);
  });

  it('name a field problem by its whole path, as the server does', () => {
    const values = { ...pageFormValuesOf(null), name: 'Acme', slug: 'acme', components: [{ monitor_id: 'm1', display_name: 'x'.repeat(101), group: '' }] };
    const check = checkPageForm(values, false);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual({ 'components.0.display_name': 'Display name is too long (100 characters at most)' });
  });
});
