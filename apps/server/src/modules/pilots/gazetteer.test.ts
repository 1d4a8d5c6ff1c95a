import { describe, expect, it } from 'vitest';
import { geocodeUsPlace } from './gazetteer.ts';

describe('the offline US gazetteer', () => {
  it('finds a city by "City ST", "City, ST" and "City, State"', () => {
    for (const q of ['Denver CO', 'Denver, CO', 'denver, colorado', '  Denver   co ']) {
      const place = geocodeUsPlace(q);
      expect(place, q).not.toBeNull();
      expect(place!.latitude).toBeCloseTo(39.74, 0);
      expect(place!.longitude).toBeCloseTo(-104.9, 0);
      expect(place!.name).toBe('Denver, CO');
    }
  });

  it('finds a place by ZIP code and names with abbreviations and two words', () => {
    expect(geocodeUsPlace('80202')?.name).toBe('Denver, CO 80202');
    expect(geocodeUsPlace('Saint Louis, MO')?.latitude).toBeCloseTo(38.6, 0);
    expect(geocodeUsPlace('St. Louis MO')?.latitude).toBeCloseTo(38.6, 0);
    expect(geocodeUsPlace('Salt Lake City, Utah')?.longitude).toBeCloseTo(-111.9, 0);
    expect(geocodeUsPlace('Sioux Falls SD')?.latitude).toBeCloseTo(43.5, 0);
  });

  it('answers null for what it cannot place', () => {
    expect(geocodeUsPlace('')).toBeNull();
    expect(geocodeUsPlace('Springfield')).toBeNull();
    expect(geocodeUsPlace('Atlantis, ZZ')).toBeNull();
    expect(geocodeUsPlace('Nowhereville, CO')).toBeNull();
    expect(geocodeUsPlace('00000')).toBeNull();
  });
});
