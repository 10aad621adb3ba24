import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeApi, type Route } from '../../../test-support/fake-api';
import WelcomePage from '../welcome-page';

const album = (id: string, name: string, isPublic = true) => ({ id, album_name: name, album_description: '', is_available: true, is_public: isPublic });

function renderWelcome(routes: Record<string, Route>, state?: unknown) {
  const api = fakeApi({
    'GET /api/invite/search': () => ({ status: 200, data: [{ id: 'evt_1', name: 'Casamento Ana & Rui' }] }),
    ...routes,
  });
  const router = createMemoryRouter(
    [
      { path: '/events/share/:id', element: <WelcomePage /> },
      { path: '/events/share/albums/:id', element: <h1>Galeria</h1> },
      { path: '/events/upload/:id', element: <h1>Upload</h1> },
    ],
    { initialEntries: [{ pathname: '/events/share/evt_1', state }] },
  );
  render(<RouterProvider router={router} />);
  return { api, router };
}

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('shared', 'ABCD2345');
});

describe('guest event screen (spec §2)', () => {
  it('welcomes with the event name, then "Registrar um momento" stores the invited flag and lists the public albums', async () => {
    ({ api } = renderWelcome({
      'GET /api/albums/evt_1': () => ({ status: 200, data: [album('alb_1', 'Festa'), album('alb_2', 'Cerimônia'), album('alb_3', 'Privado', false)] }),
    }, { eventName: 'Casamento Ana & Rui' }));
    expect(screen.getByRole('heading', { name: 'Casamento Ana & Rui' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartilhar convite' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar um momento' }));
    expect(localStorage.getItem('invited')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Álbuns de Fotos' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Festa' })).toHaveAttribute('href', '/events/share/albums/alb_1');
    expect(screen.getByRole('link', { name: 'Cerimônia' })).toBeInTheDocument();
    expect(screen.queryByText('Privado')).not.toBeInTheDocument();
  });

  it('starts at the album list when the invited flag is stored, and shows the empty state', async () => {
    localStorage.setItem('invited', 'true');
    ({ api } = renderWelcome({ 'GET /api/albums/evt_1': () => ({ status: 200, data: [album('alb_3', 'Privado', false)] }) }));
    expect(await screen.findByText('Nenhum álbum encontrado')).toBeInTheDocument();
  });

  it('goes straight to the album when exactly one is public', async () => {
    localStorage.setItem('invited', 'true');
    let router!: ReturnType<typeof renderWelcome>['router'];
    ({ api, router } = renderWelcome({ 'GET /api/albums/evt_1': () => ({ status: 200, data: [album('alb_1', 'Festa')] }) }));
    expect(await screen.findByRole('heading', { name: 'Galeria' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/share/albums/alb_1');
  });

  it('stays loading while the album list does not answer 200', async () => {
    localStorage.setItem('invited', 'true');
    ({ api } = renderWelcome({ 'GET /api/albums/evt_1': () => ({ status: 503, data: { status: 503, message: 'indisponível' } }) }));
    await waitFor(() => expect(api?.calls.some((call) => call.url === '/api/albums/evt_1')).toBe(true));
    expect(screen.getByRole('status', { name: 'Carregando...' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum álbum encontrado')).not.toBeInTheDocument();
  });

  it('has the bottom navigation: Álbum (current), Nova foto, Compartilhar opening the invite dialog', async () => {
    localStorage.setItem('invited', 'true');
    let router!: ReturnType<typeof renderWelcome>['router'];
    ({ api, router } = renderWelcome({ 'GET /api/albums/evt_1': () => ({ status: 200, data: [] }) }));
    const nav = screen.getByRole('navigation', { name: 'Navegação do evento' });
    expect(nav).toHaveTextContent('ÁlbumNova fotoCompartilhar');
    expect(screen.getByRole('button', { name: 'Álbum' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(await screen.findByRole('dialog', { name: 'Compartilhar convite' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('http://localhost/invite/ABCD2345')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nova foto' }));
    expect(router.state.location.pathname).toBe('/events/upload/evt_1');
  });
});
