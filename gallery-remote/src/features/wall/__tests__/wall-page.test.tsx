import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { AlbumRealtimeClient, useAuthStore, type EventItem, type RealtimeListener } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, FreshDataCache, http } from '@momentos/api-client/testing';
import { photo } from '../../gallery/__tests__/gallery-test-kit';
import WallPage from '../wall-page';

const party: EventItem = { id: 'evt_1', code: 'FESTA42', name: 'Casamento de Ana', date: '2030-01-01 20:00', location: 'Recife', contact: 'a@b.c', image: null };
const shown = (id: string, who: string, at: string) => photo(id, { user_id: who, display_photo: `/api/files?path=d/${id}.webp`, created_at: at });

function seed() {
  useAuthStore.getState().signIn('token-da-ana');
  let listener: RealtimeListener | null = null;
  let reconnect: (() => void) | undefined;
  jest.spyOn(AlbumRealtimeClient.prototype, 'subscribe').mockImplementation((_id, next, options) => {
    listener = next;
    reconnect = options?.onOpen;
    options?.onOpen?.();
    return () => undefined;
  });
  const api = fakeApi({
    events: [party],
    albums: { evt_1: [{ id: 'alb_1', album_name: 'Festa', album_description: 'd', is_public: true, is_available: true }] },
    photos: { alb_1: [shown('p2', 'Bia', '2030-01-01T21:00:00Z'), shown('p1', 'Ana', '2030-01-01T20:00:00Z')] },
  });
  return { api, emit: (message: { type: string; payload: unknown }) => act(() => listener?.(message)), reconnect: () => act(() => reconnect?.()) };
}

const renderWall = (path: string) =>
  render(<FreshDataCache>{createMemoryAppRouter([{ path: '/events/:id/wall', element: <WallPage /> }, { path: '/wall/:token', element: <WallPage /> }], path).element}</FreshDataCache>);

describe('the live wall', () => {
  afterEach(() => useAuthStore.getState().signOut());

  it('shows the oldest photo first with its sender, the invite QR and line; a new photo goes on screen at once', async () => {
    const { api, emit } = seed();
    renderWall('/events/evt_1/wall');
    expect(await screen.findByRole('img', { name: 'Enviada por Ana' })).toHaveAttribute('src', '/api/files?path=d/p1.webp');
    expect(screen.getByText('Envie suas fotos: aponte a câmera para o QR code')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code do convite do evento' })).toBeInTheDocument();
    expect(screen.getByText(/\/invite\/FESTA42$/)).toBeInTheDocument();
    // Asked as a guest would see it, even by the organiser.
    expect(api.calls('GET', '/api/events/photos/evt_1')[0].query.get('public_only')).toBe('true');

    api.data.photos.alb_1 = [shown('p3', 'Caio', '2030-01-01T22:00:00Z'), ...api.data.photos.alb_1];
    emit({ type: 'new_photos', payload: { albumId: 'alb_1', photos: [shown('p3', 'Caio', '2030-01-01T22:00:00Z')] } });
    expect(await screen.findByRole('img', { name: 'Enviada por Caio' })).toBeInTheDocument();

    emit({ type: 'photos_removed', payload: { albumId: 'alb_1', ids: ['p3'] } });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Enviada por Caio' })).not.toBeInTheDocument());
  });

  it('issue 29: a new photo goes on screen with its grid copy; its screen copy takes its place when announced', async () => {
    const { api, emit } = seed();
    renderWall('/events/evt_1/wall');
    await screen.findByRole('img', { name: 'Enviada por Ana' });
    const caio = (overrides: Partial<ReturnType<typeof photo>>) => photo('p3', { user_id: 'Caio', created_at: '2030-01-01T22:00:00Z', ...overrides });
    const arriving = caio({ processing: true, compressed_photo: null, display_photo: null });
    api.data.photos.alb_1 = [arriving, ...api.data.photos.alb_1];
    emit({ type: 'new_photos', payload: { albumId: 'alb_1', photos: [arriving] } });
    emit({ type: 'photos_updated', payload: { albumId: 'alb_1', photos: [caio({ compressed_photo: '/api/files?path=g/p3.webp', display_photo: null })] } });
    const slide = await screen.findByRole('img', { name: 'Enviada por Caio' });
    expect(slide).toHaveAttribute('src', '/api/files?path=g/p3.webp');
    emit({ type: 'photos_updated', payload: { albumId: 'alb_1', photos: [caio({ compressed_photo: '/api/files?path=g/p3.webp', display_photo: '/api/files?path=d/p3.webp' })] } });
    // The same element, the sharp copy: no new slide, no flash of an empty stage.
    await waitFor(() => expect(slide).toHaveAttribute('src', '/api/files?path=d/p3.webp'));
    expect(screen.getByRole('img', { name: 'Enviada por Caio' })).toBe(slide);
  });

  it('a photo hidden while a list is on its way does not come back with that list', async () => {
    const { api, emit, reconnect } = seed();
    renderWall('/events/evt_1/wall');
    await screen.findByRole('img', { name: 'Enviada por Ana' });
    const caio = shown('p3', 'Caio', '2030-01-01T22:00:00Z');
    const before = api.data.photos.alb_1;
    api.data.photos.alb_1 = [caio, ...before];
    emit({ type: 'new_photos', payload: { albumId: 'alb_1', photos: [caio] } });
    expect(await screen.findByRole('img', { name: 'Enviada por Caio' })).toBeInTheDocument();

    // A reconnection asks for the list; its answer (still with Caio's photo) is held until after the removal.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const stale = [caio, ...before];
    apiServer.use(http.get('/api/events/photos/:id', async () => (await held, Response.json(stale)), { once: true }));
    const asked = api.calls('GET', '/api/events/photos/evt_1').length;
    reconnect();
    api.data.photos.alb_1 = before;
    emit({ type: 'photos_removed', payload: { albumId: 'alb_1', ids: ['p3'] } });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Enviada por Caio' })).not.toBeInTheDocument());
    await act(async () => release());
    // The list is asked for again, and the photo stays off the wall.
    await waitFor(() => expect(api.calls('GET', '/api/events/photos/evt_1').length).toBeGreaterThan(asked));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('img', { name: 'Enviada por Caio' })).not.toBeInTheDocument();
    for (let step = 0; step < 3; step++) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      expect(screen.queryByRole('img', { name: 'Enviada por Caio' })).not.toBeInTheDocument();
    }
  });

  it('the brake: pause and a black screen from the controls and the keyboard', async () => {
    seed();
    renderWall('/events/evt_1/wall');
    await screen.findByRole('img', { name: 'Enviada por Ana' });
    fireEvent.click(screen.getByRole('button', { name: 'Tela preta' }));
    expect(screen.queryByRole('img', { name: /Enviada por/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar fotos' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(window, { key: 'b' });
    expect(await screen.findByRole('img', { name: 'Enviada por Ana' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Continuar' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('img', { name: 'Enviada por Bia' })).toBeInTheDocument();
  });

  it('a wall link opens the wall without signing in; a revoked one says so', async () => {
    seed();
    useAuthStore.getState().signOut();
    apiServer.use(http.get('/api/wall/:token', ({ params }) => (params.token === 'tv-link-token-1234' ? Response.json({ event_id: 'evt_1', name: 'Casamento de Ana', code: 'FESTA42' }) : apiError(403, 'revogado'))));
    const { unmount } = renderWall('/wall/tv-link-token-1234');
    expect(await screen.findByRole('img', { name: 'Enviada por Ana' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link para TV' })).not.toBeInTheDocument();
    unmount();
    renderWall('/wall/old-link-token-9999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link do telão não está mais ativo. Peça um novo link a quem organiza o evento.');
  });

  it('issue 26: published messages between photos (one per N, "Recados no telão"), live; a hidden one leaves at once', async () => {
    const { api, emit } = seed();
    const note = (id: string, who: string, text: string, audio = false) => ({
      id,
      event_id: 'evt_1',
      user_id: who,
      text,
      audio: audio ? { url: `/api/files?path=m/${id}.m4a`, type: 'audio/mp4', seconds: 4, processing: false } : null,
      created_at: '2030-01-01T21:30:00Z',
    });
    // The organiser's list holds unpublished ones too, flagged: the wall never shows them.
    api.data.messages.evt_1 = [
      { ...note('m3', 'Oculto', 'Não deveria aparecer'), hidden: true, pending: false },
      { ...note('m2', 'Pendente', 'Ainda não aprovado'), hidden: false, pending: true },
      { ...note('m1', 'Tia Rosa', 'Felicidades ao casal!', true), hidden: false, pending: false },
    ];
    renderWall('/events/evt_1/wall?recados=2');
    await screen.findByRole('img', { name: 'Enviada por Ana' });
    expect(screen.getByRole('combobox', { name: 'Recados no telão' })).toHaveValue('2');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('img', { name: 'Enviada por Bia' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText('Felicidades ao casal!')).toBeInTheDocument();
    expect(screen.getByText('Recado de Tia Rosa')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Recado com áudio' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Enviada por/ })).not.toBeInTheDocument();
    // Two photos, then the message again (its ring has one).
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('img', { name: 'Enviada por Ana' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('img', { name: 'Enviada por Bia' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText('Felicidades ao casal!')).toBeInTheDocument();
    for (let step = 0; step < 6; step++) {
      expect(screen.queryByText(/Não deveria aparecer|Ainda não aprovado/)).not.toBeInTheDocument();
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    }

    // A new published message comes next, live; hidden by the organiser, it leaves the screen at once.
    emit({ type: 'new_messages', payload: { eventId: 'evt_1', messages: [note('m4', 'Caio', 'Que festa linda!')] } });
    for (let step = 0; step < 3 && !screen.queryByText('Que festa linda!'); step++) fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText('Que festa linda!')).toBeInTheDocument();
    emit({ type: 'messages_removed', payload: { eventId: 'evt_1', ids: ['m4'] } });
    await waitFor(() => expect(screen.queryByText('Que festa linda!')).not.toBeInTheDocument());
    for (let step = 0; step < 6; step++) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      expect(screen.queryByText('Que festa linda!')).not.toBeInTheDocument();
    }

    // Off: photos only.
    fireEvent.change(screen.getByRole('combobox', { name: 'Recados no telão' }), { target: { value: '0' } });
    for (let step = 0; step < 4; step++) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      expect(screen.queryByText('Felicidades ao casal!')).not.toBeInTheDocument();
    }
  });

  it('issue 26: "Só favoritas" shows only the organiser\'s favourite photos', async () => {
    const { api } = seed();
    api.data.photos.alb_1 = [
      { ...shown('p3', 'Caio', '2030-01-01T22:00:00Z'), favorite: true },
      shown('p2', 'Bia', '2030-01-01T21:00:00Z'),
      { ...shown('p1', 'Ana', '2030-01-01T20:00:00Z'), favorite: true },
    ];
    renderWall('/events/evt_1/wall?recados=0');
    await screen.findByRole('img', { name: 'Enviada por Ana' });
    fireEvent.click(screen.getByRole('button', { name: 'Só favoritas' }));
    expect(screen.getByRole('button', { name: 'Só favoritas' })).toHaveAttribute('aria-pressed', 'true');
    const seen = new Set<string>();
    for (let step = 0; step < 5; step++) {
      const image = await screen.findByRole('img', { name: /Enviada por/ });
      seen.add(image.getAttribute('alt')!);
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    }
    expect([...seen].sort()).toEqual(['Enviada por Ana', 'Enviada por Caio']);
  });
});
