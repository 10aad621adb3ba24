import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { fetchRemotesConfig } from './remotes/remotes-config';
import { registerRemotesAtRuntime } from './remotes/register-remotes';

async function boot() {
  // Where each remote lives is decided at deploy time: remotes.json, read before the first render.
  registerRemotesAtRuntime(await fetchRemotesConfig(window.location.href));
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
