import { describe, expect, it } from 'vitest';
import { nextCursor } from '../api/get-parts-page.ts';
import { readParams, writeParams } from './catalogue-params.ts';

describe('catalogue address', () => {
  it('reads the search, the filter and the sort; anything unknown is the default', () => {
    expect(readParams(new URLSearchParams('q=%20brake%20&inStock=true&sort=price-asc'))).toEqual({
      q: 'brake',
      inStock: true,
      sort: 'price-asc',
    });
    expect(readParams(new URLSearchParams('inStock=yes&sort=cheapest'))).toEqual({ q: '', inStock: false, sort: null });
  });

  it('writes only what differs from the defaults, in a stable order', () => {
    expect(writeParams({ sort: 'newest', inStock: true, q: 'pads & discs' }).toString()).toBe(
      'q=pads+%26+discs&inStock=true&sort=newest',
    );
    expect(writeParams({ q: '', inStock: false, sort: null }).toString()).toBe('');
  });
});

describe('nextCursor', () => {
  it('takes the cursor of the rel="next" link only', () => {
    expect(nextCursor('</api/parts?limit=12&q=brake&cursor=abc_-1>; rel="next"')).toBe('abc_-1');
    expect(nextCursor('</api/parts?cursor=p>; rel="prev", </api/parts?limit=12&cursor=n>; rel=next')).toBe('n');
    expect(nextCursor('</api/parts?cursor=p>; rel="prev"')).toBeNull();
    expect(nextCursor(null)).toBeNull();
  });
});
