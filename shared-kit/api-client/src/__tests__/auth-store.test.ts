import { http } from '../http/http-client';
import { useAuthStore } from '../auth/auth-store';

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
