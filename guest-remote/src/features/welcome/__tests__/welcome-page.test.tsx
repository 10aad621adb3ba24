import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import type { Album, EventItem } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, FreshDataCache, http } from '@momentos/api-client/testing';
import { resetFirstPaintForTests } from '@momentos/design-kit';
import WelcomePage from '../welcome-page';
import { fillWelcomeTemplate } from './fill-welcome-template';
import { retryDelayMs } from '../api/use-public-albums';

const album = (id: string, name: string, isPublic = true): Album => ({ id, album_name: name, album_description: '', is_available: true, is_public: isPublic });
const wedding: EventItem = { id: 'evt_1', code: 'ABCD2345', name: 'Casamento Ana & Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c', image: null };

function renderWelcome(albums: Album[], state?: unknown) {
  const api = fakeApi({ events: [wedding], albums: { evt_1: albums } });
  const router = createMemoryAppRouter(
    [
      { path: '/events/share/:id', element: <WelcomePage /> },
      { path: '/events/share/albums/:id', element: <h1>Galeria</h1> },
      { path: '/events/upload/:id', element: <h1>Upload</h1> },
    ],
    { path: '/events/share/evt_1', state },
  );
  render(
    <FreshDataCache>
      {router.element}
    </FreshDataCache>,
  );
  return { api, router };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('shared', 'ABCD2345');
});

describe('guest event screen (spec §2)', () => {
  it('welcomes with the event name, then "Registrar um momento" stores the invited flag and lists the public albums', async () => {
    renderWelcome([album('alb_1', 'Festa'), album('alb_2', 'Cerimônia'), album('alb_3', 'Privado', false)], { eventName: 'Casamento Ana & Rui' });
    expect(screen.getByRole('heading', { name: 'Casamento Ana & Rui' })).toBeInTheDocument();
    // The invite code (to share) and the date come with the public read.
    expect(await screen.findByRole('button', { name: 'Compartilhar convite' })).toBeInTheDocument();
    expect(screen.getByText('01/06/2030 18:30')).toHaveAttribute('datetime', '2030-06-01T18:30');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar um momento' }));
    expect(localStorage.getItem('invited')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Álbuns de Fotos' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Festa' })).toHaveAttribute('href', '/events/share/albums/alb_1');
    expect(screen.getByRole('link', { name: 'Cerimônia' })).toBeInTheDocument();
    expect(screen.queryByText('Privado')).not.toBeInTheDocument();
  });

  it('reads the event by its id from any entry point (a forwarded link, another device)', async () => {
    localStorage.clear();
    const { api } = renderWelcome([]);
    expect(screen.getByRole('heading', { name: 'Bem-vindo!' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Casamento Ana & Rui' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Compartilhar convite' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/events/evt_1/public')).toHaveLength(1);
  });

  // Issue 29: with the image's AVIF copies (a <picture> source before the card) and without them.
  const avif = '/api/files?path=events/evt_1/image-00-card-w720.avif 720w, /api/files?path=events/evt_1/image-00-card-w1080.avif 1080w';
  it.each([{ image_avif_srcset: avif }, {}])('renders what the server painted, with no request, and the same markup as the painted template (%o)', async (copies) => {
    const painted = { id: 'evt_1', name: 'Festa <b>"&\'', date: '2030-06-01 18:30', image: '/api/files?path=events/evt_1/image-00-card.jpg', code: 'ABCD2345', ...copies };
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'first-paint-data';
    data.textContent = JSON.stringify({ remote: 'guest_remote', page: 'welcome', data: painted });
    document.body.append(data);
    resetFirstPaintForTests();
    try {
      const { api } = renderWelcome([]);
      expect(screen.getByRole('heading', { name: 'Festa <b>"&\'' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Compartilhar convite' })).toBeInTheDocument();
      expect(document.querySelector('img.guest-welcome__image')).toHaveAttribute('src', painted.image);
      expect(document.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? null).toBe(painted.image_avif_srcset ?? null);
      expect(document.querySelector('main')!.outerHTML).toBe(fillWelcomeTemplate(painted));
      await act(async () => undefined);
      expect(api.calls('GET', '/api/events/evt_1/public')).toHaveLength(0);
    } finally {
      data.remove();
      resetFirstPaintForTests();
    }
  });

  it('shows the image bytes the painted view carries (a data URI) instead of downloading them again', async () => {
    const inline = 'data:image/avif;base64,AAAAHGZ0eXBhdmlm';
    const painted = { id: 'evt_1', name: 'Festa', date: '2030-06-01 18:30', image: '/api/files?path=events/evt_1/image-00-card.jpg', code: 'ABCD2345', image_avif_srcset: avif };
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'first-paint-data';
    data.textContent = JSON.stringify({ remote: 'guest_remote', page: 'welcome', data: painted });
    const markup = document.createElement('div');
    markup.id = 'first-paint';
    markup.innerHTML = fillWelcomeTemplate({ ...painted, image_avif_srcset: inline });
    document.body.append(data, markup);
    resetFirstPaintForTests();
    try {
      renderWelcome([]);
      const rendered = Array.from(document.querySelectorAll('main.guest-welcome')).find((main) => !markup.contains(main))!;
      expect(rendered.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', inline);
      expect(rendered.outerHTML).toBe(markup.innerHTML);
    } finally {
      data.remove();
      markup.remove();
      resetFirstPaintForTests();
    }
  });

  it('starts at the album list when the invited flag is stored, and shows the empty state', async () => {
    localStorage.setItem('invited', 'true');
    renderWelcome([album('alb_3', 'Privado', false)]);
    expect(await screen.findByText('Nenhum álbum encontrado')).toBeInTheDocument();
  });

  it('goes straight to the album when exactly one is public', async () => {
    localStorage.setItem('invited', 'true');
    const { router } = renderWelcome([album('alb_1', 'Festa')]);
    expect(await screen.findByRole('heading', { name: 'Galeria' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/events/share/albums/alb_1');
  });

  it('stays loading while the album list does not answer 200', async () => {
    localStorage.setItem('invited', 'true');
    apiServer.use(http.get('/api/albums/:eventId', () => apiError(503, 'indisponível')));
    const { api } = renderWelcome([]);
    await waitFor(() => expect(api.calls('GET', '/api/albums/evt_1').length).toBeGreaterThan(0));
    expect(screen.getByRole('status', { name: 'Carregando...' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhum álbum encontrado')).not.toBeInTheDocument();
  });

  it('asks again after 2, 4, 8 and then every 15 s until a 200 arrives', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      localStorage.setItem('invited', 'true');
      let failing = true;
      apiServer.use(http.get('/api/albums/:eventId', () => (failing ? apiError(503, 'indisponível') : undefined)));
      const { api } = renderWelcome([album('alb_1', 'Festa'), album('alb_2', 'Cerimônia')]);
      const asked = () => api.calls('GET', '/api/albums/evt_1').length;
      await waitFor(() => expect(asked()).toBe(1));
      for (const [pause, expected] of [[2000, 2], [4000, 3], [8000, 4], [15000, 5], [15000, 6]]) {
        await act(async () => jest.advanceTimersByTime(pause - 1));
        expect(asked()).toBe(expected - 1);
        await act(async () => jest.advanceTimersByTime(1));
        await waitFor(() => expect(asked()).toBe(expected));
      }
      expect(screen.getByRole('status', { name: 'Carregando...' })).toBeInTheDocument();
      failing = false;
      await act(async () => jest.advanceTimersByTime(15000));
      expect(await screen.findByRole('link', { name: 'Festa' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('has the bottom navigation: Álbum (current), Nova foto, Compartilhar opening the invite dialog', async () => {
    localStorage.setItem('invited', 'true');
    const { router } = renderWelcome([]);
    const nav = await screen.findByRole('navigation', { name: 'Navegação do evento' });
    await waitFor(() => expect(nav).toHaveTextContent('ÁlbumNova fotoCompartilhar'));
    expect(screen.getByRole('button', { name: 'Álbum' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(await screen.findByRole('dialog', { name: 'Compartilhar convite' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('http://localhost/invite/ABCD2345')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nova foto' }));
    expect(router.location.pathname).toBe('/events/upload/evt_1');
  });
});

describe('patient retries of the album list', () => {
  it('pause 2, 4, 8 s, then 15 s for every later retry', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe("the event's PIN (issue 12)", () => {
  it('asks for it before the albums, sends it with the calls, and asks again with the server words when it is wrong', async () => {
    localStorage.setItem('invited', 'true');
    const seen: Array<string | null> = [];
    apiServer.use(
      http.get('/api/events/evt_1/public', () => Response.json({ id: 'evt_1', name: 'Casamento Ana & Rui', date: '2030-06-01 18:30', image: null, code: 'ABCD2345', pin_required: true })),
      http.get('/api/albums/:eventId', ({ request }) => {
        const pin = request.headers.get('x-event-pin');
        seen.push(pin);
        return pin === '4821' ? Response.json([album('alb_1', 'Festa'), album('alb_2', 'Cerimônia')]) : apiError(403, 'PIN incorreto. Confira com quem organiza o evento.');
      }),
    );
    renderWelcome([]);
    const field = await screen.findByLabelText('PIN do evento');
    expect(screen.getByRole('heading', { name: 'Digite o PIN do evento' })).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O PIN tem de 4 a 8 números.');
    fireEvent.change(screen.getByLabelText('PIN do evento'), { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('PIN incorreto. Confira com quem organiza o evento.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('PIN do evento'), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('link', { name: 'Festa' })).toBeInTheDocument();
    // Asked first without a PIN (the public read had not said it was needed yet), then with each typed.
    expect(seen).toEqual([null, '1111', '4821']);
    expect(JSON.parse(localStorage.getItem('event-pin')!)).toEqual({ eventId: 'evt_1', pin: '4821' });
  });
});
