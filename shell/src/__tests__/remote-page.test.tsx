import { fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RemoteLoaderContext, RemotePage } from '../remotes/remote-page';
import type { LoadRemotePage } from '../remotes/load-remote-page';

function renderWith(load: LoadRemotePage) {
  return render(
    <RemoteLoaderContext.Provider value={load}>
      <RemotePage remote="guest_remote" page="welcome" />
    </RemoteLoaderContext.Provider>,
  );
}

const Welcome: ComponentType = () => <h1>Álbuns de Fotos</h1>;

describe('RemotePage', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows the full-screen loading screen, then the remote page', async () => {
    renderWith(async () => Welcome);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(await screen.findByRole('heading', { name: 'Álbuns de Fotos' })).toBeInTheDocument();
  });

  it('asks the loader for the remote and page of its route', async () => {
    const load = jest.fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>(async () => Welcome);
    renderWith(load);
    await screen.findByRole('heading');
    expect(load).toHaveBeenCalledWith('guest_remote', 'welcome');
  });

  it('shows the Portuguese fallback when the remote cannot load, and loads again on retry', async () => {
    let attempts = 0;
    renderWith(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ScriptExternalLoadError');
      return Welcome;
    });
    expect(await screen.findByText('Não foi possível carregar esta parte do aplicativo.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Álbuns de Fotos' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('keeps a page that throws while rendering inside the fallback', async () => {
    const Broken: ComponentType = () => {
      throw new Error('boom');
    };
    renderWith(async () => Broken);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar esta parte do aplicativo.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it("renders a page that threw again after 'Tentar novamente', loading it anew", async () => {
    let broken = true;
    const Flaky: ComponentType = () => {
      if (broken) throw new Error('boom');
      return <h1>Álbuns de Fotos</h1>;
    };
    const load = jest.fn<ReturnType<LoadRemotePage>, Parameters<LoadRemotePage>>(async () => Flaky);
    renderWith(load);
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    broken = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Álbuns de Fotos' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalledWith('A remote page failed while rendering', expect.any(Error));
  });
});
