import { isTokenUsable } from '../auth/token';

// Unsigned tokens: the front end decodes without verifying (spec §3), so the signature is irrelevant.
function token(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const nowSeconds = now / 1000;

describe('isTokenUsable (spec §4 auth guard)', () => {
  it('accepts a token whose exp is later than now', () => {
    expect(isTokenUsable(token({ exp: nowSeconds + 60 }), now)).toBe(true);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['undecodable', 'not-a-token'],
    ['without exp', token({ sub: 'organiser' })],
    ['with a non-numeric exp', token({ exp: 'tomorrow' })],
    ['expired', token({ exp: nowSeconds - 1 })],
  ])('refuses a %s token', (_case, value) => {
    expect(isTokenUsable(value, now)).toBe(false);
  });
});
