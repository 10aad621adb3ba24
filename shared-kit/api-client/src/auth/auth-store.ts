import { create } from 'zustand';
import { storageKeys } from '../storage-keys';
import { setAuthenticationHeader } from '../http/http-client';

interface AuthState {
  /** The stored credential (`auth` in local storage), read once when the page loads. */
  token: string | null;
  /** Stores the credential under `auth` and sends it with later calls. */
  signIn: (token: string) => void;
  /** Removes the credential ('Sair', or a token the guard refused). */
  signOut: () => void;
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(storageKeys.auth);
  } catch {
    return null;
  }
}

/** One auth store per page: api-client is a federation singleton. */
export const useAuthStore = create<AuthState>()((set) => ({
  token: readStoredToken(),
  signIn: (token) => {
    localStorage.setItem(storageKeys.auth, token);
    setAuthenticationHeader(token);
    set({ token });
  },
  signOut: () => {
    localStorage.removeItem(storageKeys.auth);
    setAuthenticationHeader(null);
    set({ token: null });
  },
}));
