import { http } from '../http/http-client';
import { useAuthStore } from '../auth/auth-store';
import { keepSignInCookie } from '../auth/sign-in-cookie';

function token(exp: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp })}.sig`;
}

describe('auth store', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().signOut();
  });

  it('signIn stores the credential under `auth` and sends it in the authentication header', () => {
    const valid = token(Math.floor(Date.now() / 1000) + 3600);
    useAuthStore.getState().signIn(valid);
    expect(localStorage.getItem('auth')).toBe(valid);
    expect(useAuthStore.getState().token).toBe(valid);
    expect(http.defaults.headers.common.authentication).toBe(valid);
  });

  it('signOut removes the credential and the header', () => {
    useAuthStore.getState().signIn(token(Math.floor(Date.now() / 1000) + 3600));
    useAuthStore.getState().signOut();
    expect(localStorage.getItem('auth')).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
    expect(http.defaults.headers.common.authentication).toBeUndefined();
  });
});

describe('the sign-in cookie (the server paints the photo screen with it)', () => {
  /** A document whose cookie assignments are kept, at the given protocol. */
  const fakeDocument = (protocol = 'http:') => {
    const written: string[] = [];
    return { written, doc: { location: { protocol }, set cookie(value: string) { written.push(value); } } as unknown as Document };
  };
  const now = Date.UTC(2030, 0, 1);

  it('lasts as long as the token, only under /events, never sent from another site; Secure over HTTPS', () => {
    const valid = token(now / 1000 + 3600);
    const { written, doc } = fakeDocument('https:');
    keepSignInCookie(valid, doc, now);
    expect(written).toEqual([`momentos-sign-in=${valid}; Path=/events; Max-Age=3600; SameSite=Strict; Secure`]);
  });

  it('is removed for no token, a spent one or one that does not decode', () => {
    for (const gone of [null, token(now / 1000 - 1), 'não-é-um-token']) {
      const { written, doc } = fakeDocument();
      keepSignInCookie(gone, doc, now);
      expect(written).toEqual(['momentos-sign-in=; Path=/events; Max-Age=0; SameSite=Strict']);
    }
  });

  it('follows signIn and signOut on the pages under /events', () => {
    window.history.pushState({}, '', '/events/evt_1/photos');
    const valid = token(Math.floor(Date.now() / 1000) + 3600);
    useAuthStore.getState().signIn(valid);
    expect(document.cookie).toContain(`momentos-sign-in=${valid}`);
    useAuthStore.getState().signOut();
    expect(document.cookie).not.toContain('momentos-sign-in');
    window.history.pushState({}, '', '/');
  });
});
