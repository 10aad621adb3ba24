import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../storage-keys';
import { setAuthenticationHeader } from '../http/http-client';

interface AuthState {
  /** The stored credential (`auth` in local storage), read once when the page loads. */
  token: string | null;
  /** Stores the credential under `auth` and sends it with later calls. */
  signIn: (token: string) => void;
  /** Removes the credential ('Sair', or a token the guard refused). */
  signOut: () => void;
}

/** One auth store per page: api-client is a federation singleton. */
export const useAuthStore = create<AuthState>()((set) => ({
  token: readStored(storageKeys.auth),
  signIn: (token) => {
    writeStored(storageKeys.auth, token);
    setAuthenticationHeader(token);
    set({ token });
  },
  signOut: () => {
    writeStored(storageKeys.auth, null);
    setAuthenticationHeader(null);
    set({ token: null });
  },
}));
