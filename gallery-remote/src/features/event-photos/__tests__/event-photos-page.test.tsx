import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { albumRealtime, useAuthStore, type Album, type EventItem } from '@momentos/api-client';
import { fakeApi, FreshDataCache } from '@momentos/api-client/testing';
import { ToastHost } from '@momentos/design-kit';
import { photo } from '../../gallery/__tests__/gallery-test-kit';
import EventPhotosPage from '../event-photos-page';

const party: EventItem = { id: 'evt_1', code: 'CODE42', name: 'Casamento de Ana', date: '2030-01-01 20:00', location: 'Recife', contact: 'a@b.c', image: null };
const albums: Album[] = [
  { id: 'alb_pub', album_name: 'Festa', album_description: 'd', is_public: true, is_available: true },
  { id: 'alb_priv', album_name: 'Só nós', album_description: 'd', is_public: false, is_available: true, requires_approval: true },
];

function seed() {
  useAuthStore.getState().signIn('token-da-ana');
  jest.spyOn(albumRealtime, 'subscribe').mockImplementation(() => () => undefined);
  return fakeApi({
    events: [party],
    albums: { evt_1: albums },
    photos: {
      alb_pub: [photo('p1', { user_id: 'Tia Rosa', created_at: '2030-01-01T21:00:00Z' }), photo('p2', { user_id: 'Zé', hidden: true, created_at: '2030-01-01T20:30:00Z' })],
      alb_priv: [photo('p3', { user_id: 'Vovó', pending: true, created_at: '2030-01-01T20:10:00Z' })],
    },
  });
}

function renderScreen(path = '/events/evt_1/photos') {
  const router = createMemoryAppRouter([{ path: '/events/:id/photos', element: <EventPhotosPage /> }, { path: '/events', element: <h1>Meus eventos</h1> }], path);
  render(
    <FreshDataCache>
      {router.element}
      <ToastHost />
    </FreshDataCache>,
  );
  return router;
}

describe("the organiser's photo screen", () => {
  afterEach(() => useAuthStore.getState().signOut());

  it('shows every album of the event, private ones included, with hidden and pending photos marked', async () => {
    const api = seed();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fotos do evento');
    expect(await screen.findByText('Casamento de Ana')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto enviada por Zé Oculta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto enviada por Vovó Aguardando aprovação' })).toBeInTheDocument();
    // One list of the whole event, asked with the owner's token.
    const [list] = api.calls('GET', '/api/events/photos/evt_1');
    expect(list.request.headers.get('authentication')).toBe('token-da-ana');
    const scope = screen.getByRole('combobox', { name: 'Álbum' });
    expect(within(scope).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos os álbuns', 'Festa', 'Só nós (privado)']);
  });

  it('hides, approves and deletes the selected photos, one call per photo, and says so', async () => {
    const api = seed();
    renderScreen();
    await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa' });
    fireEvent.click(screen.getByRole('button', { name: 'Selecionar' }));
    const bar = screen.getByRole('toolbar', { name: 'Ações das fotos selecionadas' });
    expect(within(bar).getByRole('button', { name: 'Ocultar' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Foto enviada por Tia Rosa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Foto enviada por Vovó Aguardando aprovação' }));
    expect(within(bar).getByText('2 selecionada(s)')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Mostrar' })).toBeDisabled();

    fireEvent.click(within(bar).getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('2 foto(s) atualizada(s).')).toBeInTheDocument();
    const hides = await Promise.all(['p1', 'p3'].map(async (id) => (await api.calls('PATCH', `/api/events/photos/${id}`)[0].request.json()) as unknown));
    expect(hides).toEqual([{ hidden: true }, { hidden: true }]);
    expect(await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa Oculta' })).toBeInTheDocument();

    fireEvent.click(within(bar).getByRole('button', { name: 'Aprovar' }));
    await waitFor(() => expect(api.calls('PATCH', '/api/events/photos/p3')).toHaveLength(2));
    expect(await api.calls('PATCH', '/api/events/photos/p3')[1].request.json()).toEqual({ pending: false });

    fireEvent.click(within(bar).getByRole('button', { name: 'Excluir foto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir foto' });
    expect(dialog).toHaveTextContent('Excluir 2 foto(s) do evento?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir foto' }));
    // (Its toast waits behind the first one: the toast host shows one at a time.)
    await waitFor(() => expect(api.calls('DELETE', '/api/events/photos/p1')).toHaveLength(1));
    expect(api.calls('DELETE', '/api/events/photos/p3')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Tia Rosa/ })).not.toBeInTheDocument());
  });

  it("'Baixar tudo' asks a ticket for the album in view and downloads its URL", async () => {
    const api = seed();
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderScreen('/events/evt_1/photos?album=alb_pub');
    await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa' });
    expect(screen.queryByRole('button', { name: /Vovó/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar tudo' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(await api.calls('POST', '/api/events/evt_1/download-ticket')[0].request.json()).toEqual({ album_id: 'alb_pub' });
    expect(clicked[0]).toBe('/api/events/evt_1/download?ticket=fake-ticket&album_id=alb_pub');
  });

  it("issue 28: each photo's place on its tile, 'Filtrar por local', and a folder per place in 'Baixar tudo' when asked", async () => {
    useAuthStore.getState().signIn('token-da-ana');
    jest.spyOn(albumRealtime, 'subscribe').mockImplementation(() => () => undefined);
    const api = fakeApi({
      events: [party],
      albums: { evt_1: albums },
      photos: {
        alb_pub: [
          photo('p1', { user_id: 'Tia Rosa', place: 'Mesa 10', created_at: '2030-01-01T21:00:00Z' }),
          photo('p2', { user_id: 'Zé', place: 'Mesa 2', created_at: '2030-01-01T20:30:00Z' }),
          photo('p4', { user_id: 'Bia', place: null, created_at: '2030-01-01T20:20:00Z' }),
        ],
        alb_priv: [photo('p3', { user_id: 'Vovó', place: 'Mesa 2', created_at: '2030-01-01T20:10:00Z' })],
      },
    });
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa, Mesa 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto enviada por Bia' })).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filtrar por local' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos os locais', 'Mesa 2', 'Mesa 10']);

    fireEvent.change(filter, { target: { value: 'Mesa 2' } });
    expect(screen.getByRole('button', { name: 'Foto enviada por Zé, Mesa 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto enviada por Vovó, Mesa 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tia Rosa|Bia/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Pastas por local no download' }));
    fireEvent.click(screen.getByRole('button', { name: 'Baixar tudo' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(await api.calls('POST', '/api/events/evt_1/download-ticket')[0].request.json()).toEqual({ place: 'Mesa 2', by_place: true });
    expect(clicked[0]).toBe('/api/events/evt_1/download?ticket=fake-ticket&place=Mesa+2&by_place=true');
  });

  it('without places there is no place filter', async () => {
    seed();
    renderScreen();
    await screen.findByRole('button', { name: 'Foto enviada por Tia Rosa' });
    expect(screen.queryByRole('combobox', { name: 'Filtrar por local' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pastas por local no download' })).not.toBeInTheDocument();
  });
});
