// The fact extractor reads a flight number written `mu 5138` only for the airline codes it lists; every
// airline the mock transport flies must be among them, or its flights so written would go unread.
import { AIRLINE_CODES } from '@navworld/fact-extractor';
import { AIRLINES } from '@navworld/mock-transport';
import { describe, expect, it } from 'vitest';

describe('airline codes', () => {
  it('the fact extractor knows every airline of the mock transport', () => {
    expect(AIRLINE_CODES).toEqual(expect.arrayContaining(AIRLINES.map((a) => a.code)));
    expect(new Set(AIRLINE_CODES).size).toBe(AIRLINE_CODES.length);
  });
});
