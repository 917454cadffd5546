import { describe, expect, it } from 'vitest';
import { negotiate } from './negotiation';

const offered = ['application/ld+json', 'application/json', 'text/html', 'application/xml'];

describe('negotiate', () => {
  it.each([
    [undefined, 'application/ld+json'],
    ['', 'application/ld+json'],
    ['*/*', 'application/ld+json'],
    ['application/json', 'application/json'],
    ['text/*', 'text/html'],
    ['application/json;q=0.2, text/html', 'text/html'],
    ['application/ld+json;q=0.5, application/json;q=0.9', 'application/json'],
    ['application/xml, */*;q=0.1', 'application/xml'],
    ['TEXT/HTML', 'text/html'],
    ['image/png', undefined],
    ['application/json;q=0', undefined],
    ['*/*, application/json;q=0', 'application/ld+json'],
  ])('Accept %j → %s', (accept, expected) => {
    expect(negotiate(accept, offered)).toBe(expected);
  });
});
