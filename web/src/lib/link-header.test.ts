import { describe, expect, it } from 'vitest';
import { nextCursor } from './link-header.ts';

describe('nextCursor', () => {
  it('takes the cursor of the rel="next" link only', () => {
    expect(nextCursor('</api/parts?limit=12&q=brake&cursor=abc_-1>; rel="next"')).toBe('abc_-1');
    expect(nextCursor('</api/parts?cursor=p>; rel="prev", </api/parts?limit=12&cursor=n>; rel=next')).toBe('n');
    expect(nextCursor('</api/parts?cursor=p>; rel="prev"')).toBeNull();
    expect(nextCursor(null)).toBeNull();
  });

  it('reads a rel with several relation types, in any case', () => {
    expect(nextCursor('</api/orders?limit=50&cursor=x1>; rel="last NEXT"')).toBe('x1');
  });
});
