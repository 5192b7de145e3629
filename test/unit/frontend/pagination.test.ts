import { describe, expect, it } from 'vitest';
import { pageItems, resultRange } from '../../../frontend/src/utils/pagination';

describe('pageItems', () => {
  it('lists every page number up to 5 pages', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('uses an ellipsis beyond 5 pages, keeping first, last and the current neighbourhood', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 7, 8, 9, 10]);
  });
});

describe('resultRange', () => {
  it('gives "Showing X to Y of Z" bounds, the last page partial', () => {
    expect(resultRange(1, 12, 30)).toEqual({ from: 1, to: 12 });
    expect(resultRange(3, 12, 30)).toEqual({ from: 25, to: 30 });
    expect(resultRange(1, 12, 0)).toEqual({ from: 0, to: 0 });
  });
});
