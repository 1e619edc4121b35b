import { describe, expect, it } from 'vitest';
import { readParams, writeParams } from './catalogue-params.ts';

describe('catalogue address', () => {
  it('reads the search, the filter and the sort; anything unknown is the default', () => {
    expect(readParams(new URLSearchParams('q=%20brake%20&inStock=true&sort=price-asc'))).toEqual({
      vehicle: null,
      q: 'brake',
      inStock: true,
      sort: 'price-asc',
    });
    expect(readParams(new URLSearchParams('inStock=yes&sort=cheapest'))).toEqual({
      vehicle: null,
      q: '',
      inStock: false,
      sort: null,
    });
  });

  it('writes only what differs from the defaults, in a stable order', () => {
    expect(writeParams({ vehicle: null, sort: 'newest', inStock: true, q: 'pads & discs' }).toString()).toBe(
      'q=pads+%26+discs&inStock=true&sort=newest',
    );
    expect(writeParams({ vehicle: null, q: '', inStock: false, sort: null }).toString()).toBe('');
  });
});

describe('vehicle in the address', () => {
  const golf = { make: 'Volkswagen', model: 'Golf', year: 2016, engine: '1.4 TSI' };

  it('reads make, model, year and engine with the API names; half a vehicle is none', () => {
    const read = (query: string) => readParams(new URLSearchParams(query)).vehicle;
    expect(read('make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI')).toEqual(golf);
    expect(read('make=Volkswagen&model=Golf&year=2016')).toEqual({ ...golf, engine: null });
    expect(read('make=Volkswagen&model=Golf')).toBeNull();
    expect(read('make=Volkswagen&model=Golf&year=16')).toBeNull();
    expect(read('model=Golf&year=2016')).toBeNull();
  });

  it('writes the vehicle first, then the search', () => {
    expect(writeParams({ vehicle: golf, q: 'disc', inStock: false, sort: null }).toString()).toBe(
      'make=Volkswagen&model=Golf&year=2016&engine=1.4+TSI&q=disc',
    );
    expect(writeParams({ vehicle: { ...golf, engine: null }, q: '', inStock: false, sort: null }).toString()).toBe(
      'make=Volkswagen&model=Golf&year=2016',
    );
  });
});
