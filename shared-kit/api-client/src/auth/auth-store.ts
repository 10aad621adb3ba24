import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../storage-keys';
import { setAuthenticationHeader } from '../http/http-client';
import { keepSignInCookie } from './sign-in-cookie';

interface AuthState {
  /** The stored credential (`auth` in local storage), read once when the page loads. */
  token: string | null;
  /** Stores the credential under `auth` (and its sign-in cookie) and sends it with later calls. */
  signIn: (token: string) => void;
  /** Removes the credential and its cookie ('Sair', or a token the guard refused). */
  signOut: () => void;
}

const stored = readStored(storageKeys.auth);
// A sign-in stored before the cookie existed gets it on the next page (and a spent one loses it).
if (stored && typeof document !== 'undefined') keepSignInCookie(stored);

/** One auth store per page: api-client is a federation singleton. */
export const useAuthStore = create<AuthState>()((set) => ({
  token: stored,
  signIn: (token) => {
    writeStored(storageKeys.auth, token);
    keepSignInCookie(token);
    setAuthenticationHeader(token);
    set({ token });
  },
  signOut: () => {
    writeStored(storageKeys.auth, null);
    keepSignInCookie(null);
    setAuthenticationHeader(null);
    set({ token: null });
  },
}));
