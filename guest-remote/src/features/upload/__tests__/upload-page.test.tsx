import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import type { Album, EventItem } from '@momentos/api-client';
import { IDBFactory } from 'fake-indexeddb';
import { apiError, apiServer, fakeApi, forgetUploadQueue, FreshDataCache, http } from '@momentos/api-client/testing';
import UploadPage from '../upload-page';

const wedding: EventItem = { id: 'evt_1', code: 'ABCD2345', name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c', image: null };
const albums: Album[] = [
  { id: 'alb_festa', album_name: 'Festa', album_description: 'Pista', is_available: true, is_public: true },
  { id: 'alb_cerimonia', album_name: 'Cerimônia', album_description: 'Igreja', is_available: true, is_public: true },
  { id: 'alb_fechado', album_name: 'Fechado', album_description: 'Só leitura', is_available: false, is_public: true },
];

function image(name: string, size = 1000, type = 'image/jpeg'): File {
  return new File([new Uint8Array(size)], name, { type });
}

/** Renders the screen and lets its first loads (albums, connection detection) settle inside act(). */
async function renderUpload(state?: unknown) {
  const api = fakeApi({ events: [wedding], albums: { evt_1: albums } });
  const router = createMemoryAppRouter([{ path: '/events/upload/:id', element: <UploadPage /> }], { path: '/events/upload/evt_1', state });
  render(
    <FreshDataCache>
      {router.element}
    </FreshDataCache>,
  );
  // Until the fake API has answered the albums and the connection probe.
  await act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return api;
}

function pick(files: File[], control = 'Selecionar foto') {
  const input = screen.getByLabelText<HTMLInputElement>(control);
  fireEvent.change(input, { target: { files } });
}

beforeEach(() => {
  // A fresh device: an empty IndexedDB and a new page queue.
  globalThis.indexedDB = new IDBFactory();
  forgetUploadQueue();
  localStorage.clear();
  localStorage.setItem('hasSeenUploadTour', 'true');
  let next = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${(next += 1)}`);
  URL.revokeObjectURL = jest.fn();
});

let api: ReturnType<typeof fakeApi>;

describe('upload screen: the guest name (spec §5)', () => {
  it('asks who is sending and refuses an empty name with the spec dialog', async () => {
    api = await renderUpload();
    expect(screen.getByRole('heading', { name: 'Registrar momento' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quem está enviando as fotos?')).toHaveAttribute('placeholder', 'Digite seu nome');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nome não informado' });
    expect(dialog).toHaveTextContent('Por favor, informe seu nome para continuar.');
  });

  it('stores the name per event, then shows "Enviando como:" with "Alterar"', async () => {
    api = await renderUpload();
    fireEvent.change(screen.getByLabelText('Quem está enviando as fotos?'), { target: { value: '  Tia Rosa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(localStorage.getItem('event_evt_1_userName')).toBe('Tia Rosa');
    expect(screen.getByText('Enviando como:')).toBeInTheDocument();
    expect(screen.getByText('Tia Rosa')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(screen.getByLabelText('Quem está enviando as fotos?')).toHaveValue('Tia Rosa');
  });

  it('skips the prompt when the name is already stored', async () => {
    localStorage.setItem('event_evt_1_userName', 'Ana');
    api = await renderUpload();
    expect(screen.queryByLabelText('Quem está enviando as fotos?')).not.toBeInTheDocument();
    expect(screen.getByText('Nenhum arquivo enviado :(')).toBeInTheDocument();
  });
});

describe('upload screen: selection and sending', () => {
  beforeEach(() => localStorage.setItem('event_evt_1_userName', 'Ana'));

  it('offers the camera and the gallery, for images and videos only', async () => {
    api = await renderUpload();
    const camera = screen.getByLabelText('Abrir câmera');
    expect(camera).toHaveAttribute('accept', 'image/*,video/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    const gallery = screen.getByLabelText('Selecionar foto');
    expect(gallery).toHaveAttribute('multiple');
    expect(gallery).toHaveAttribute('accept', 'image/*,video/*');
  });

  it("previews the picked files in a grid, each 'Aguardando', and removes one with its ×", async () => {
    api = await renderUpload();
    await screen.findByText('Festa');
    pick([image('a.jpg'), image('b.mp4', 1000, 'video/mp4')]);
    const grid = await screen.findByRole('list', { name: 'Arquivos selecionados' });
    await waitFor(() => expect(within(grid).getByRole('img', { name: 'a.jpg' })).toHaveAttribute('src', 'blob:preview-1'));
    expect(within(grid).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['a.jpg: Aguardando', 'b.mp4: Aguardando']);
    fireEvent.click(screen.getByRole('button', { name: 'Remover a.jpg' }));
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls('POST', '/api/events/photos')).toEqual([]); // nothing is sent before 'Enviar arquivos'
  });

  it('refuses a wrong type with the spec dialog and keeps the selection unchanged', async () => {
    api = await renderUpload();
    pick([image('nota.pdf', 10, 'application/pdf')]);
    expect(await screen.findByRole('dialog', { name: 'Tipo de arquivo inválido' })).toHaveTextContent('Arquivos inválidos: nota.pdf');
    expect(screen.getByText('Nenhum arquivo enviado :(')).toBeInTheDocument();
  });

  it('refuses to send nothing', async () => {
    api = await renderUpload();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar arquivos' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    expect(await screen.findByRole('dialog', { name: 'Erro no envio' })).toHaveTextContent('Nenhum arquivo encontrado para envio.');
  });

  it('shows the upload tip 2 s after a selection above 50 MB', async () => {
    api = await renderUpload();
    jest.useFakeTimers();
    try {
      pick([image('video.mp4', 60 * 1024 * 1024, 'video/mp4')]);
      act(() => jest.advanceTimersByTime(1999));
      expect(screen.queryByRole('dialog', { name: 'Dica para upload' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('dialog', { name: 'Dica para upload' })).toHaveTextContent('Você selecionou 60 MB.');
    } finally {
      jest.useRealTimers();
    }
  });

  it("sends to the album the guest came from, shows each file 'Enviada', confirms with the spec texts and lists them in 'Minhas fotos'", async () => {
    api = await renderUpload({ albumId: 'alb_cerimonia' });
    expect(await screen.findByText('Cerimônia')).toBeInTheDocument();
    pick([image('a.jpg'), image('b.jpg'), image('c.jpg')]);
    await screen.findByRole('list', { name: 'Arquivos selecionados' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivos enviados' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('3 arquivos foram enviados com sucesso. Você poderá visualizá-los pela galeria.');
    const [upload] = api.calls('POST', '/api/events/photos');
    const sent = await upload.request.formData();
    expect(sent?.get('album_id')).toBe('alb_cerimonia');
    expect(sent?.get('user_id')).toBe('Ana');
    const names = (sent?.getAll('images') as File[]).map((file) => file.name);
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{8,}\.jpg$/);
    const grid = screen.getByRole('list', { name: 'Arquivos selecionados' });
    expect(within(grid).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['a.jpg: Enviada', 'b.jpg: Enviada', 'c.jpg: Enviada']);
    expect(screen.getByText('Tudo enviado! Você já pode fechar esta página.')).toBeInTheDocument();
    expect(api.data.photos.alb_cerimonia.map((photo) => photo.user_id)).toEqual(['Ana', 'Ana', 'Ana']);
    const mine = screen.getByRole('region', { name: 'Minhas fotos' });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(3);
  });

  it("issue 28: files picked after a place's invite carry its place (the cookie the server set); other events' places do not leak", async () => {
    document.cookie = 'momentos-place-evt_1=Mesa%205; path=/';
    document.cookie = 'momentos-place-evt_2=Pista; path=/';
    try {
      api = await renderUpload({ albumId: 'alb_cerimonia' });
      expect(await screen.findByText('Cerimônia')).toBeInTheDocument();
      pick([image('a.jpg'), image('b.jpg')]);
      await screen.findByRole('list', { name: 'Arquivos selecionados' });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
      await screen.findByRole('dialog', { name: 'Arquivos enviados' }, { timeout: 10_000 });
      const [upload] = api.calls('POST', '/api/events/photos');
      const sent = await upload.request.formData();
      expect(sent?.get('place')).toBe('Mesa 5');
      expect(sent?.getAll('images')).toHaveLength(2);
    } finally {
      document.cookie = 'momentos-place-evt_1=; path=/; max-age=0';
      document.cookie = 'momentos-place-evt_2=; path=/; max-age=0';
    }
  }, 30_000);

  it('without a place no place is sent', async () => {
    api = await renderUpload({ albumId: 'alb_cerimonia' });
    expect(await screen.findByText('Cerimônia')).toBeInTheDocument();
    pick([image('a.jpg')]);
    await screen.findByRole('list', { name: 'Arquivos selecionados' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    await screen.findByRole('dialog', { name: 'Arquivos enviados' }, { timeout: 10_000 });
    const sent = await api.calls('POST', '/api/events/photos')[0].request.formData();
    expect(sent?.has('place')).toBe(false);
  }, 30_000);

  it('opens no realtime connection: the server announces the upload itself', async () => {
    const sockets: string[] = [];
    const RealWebSocket = window.WebSocket;
    window.WebSocket = class extends EventTarget {
      constructor(url: string) {
        super();
        sockets.push(url);
      }
    } as unknown as typeof WebSocket;
    try {
      api = await renderUpload({ albumId: 'alb_festa' });
      await screen.findByText('Festa');
      pick([image('a.jpg')]);
      await screen.findByRole('list', { name: 'Arquivos selecionados' });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
      await screen.findByRole('dialog', { name: 'Arquivos enviados' }, { timeout: 10_000 });
      expect(sockets).toEqual([]);
    } finally {
      window.WebSocket = RealWebSocket;
    }
  });

  it('lets the guest choose another upload-available album under "Álbum"', async () => {
    api = await renderUpload();
    expect(await screen.findByText('Festa')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Álbum/ }));
    const choices = within(screen.getByRole('dialog', { name: 'Escolha o álbum' })).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual(['Festa', 'Cerimônia']);
    fireEvent.click(choices[1]);
    expect(screen.getByText('Cerimônia')).toBeInTheDocument();
  });

  it("shows a refusal from the server as 'Falhou' with its message on the file, which stays to be tried again", async () => {
    let refuse = true;
    apiServer.use(
      http.post('/api/events/photos', () =>
        refuse ? apiError(413, 'O servidor recusou o upload porque o tamanho total do arquivo é muito grande (limite de 200MB).') : undefined,
      ),
    );
    api = await renderUpload();
    await screen.findByText('Festa');
    pick([image('a.jpg')]);
    await screen.findByRole('list', { name: 'Arquivos selecionados' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    const item = await screen.findByRole('listitem', { name: 'a.jpg: Falhou' });
    expect(item).toHaveTextContent('limite de 200MB');
    refuse = false;
    fireEvent.click(within(item).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('listitem', { name: 'a.jpg: Enviada' })).toBeInTheDocument();
  });

  it("removes a sent photo from 'Minhas fotos' with its delete key after a confirmation", async () => {
    api = await renderUpload();
    await screen.findByText('Festa');
    pick([image('a.jpg'), image('b.jpg')]);
    await screen.findByRole('list', { name: 'Arquivos selecionados' });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar arquivos' }));
    await screen.findByText('Tudo enviado! Você já pode fechar esta página.');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    const mine = screen.getByRole('region', { name: 'Minhas fotos' });
    const photoIds = api.data.photos.alb_festa.map((photo) => photo.id);
    fireEvent.click(within(mine).getByRole('button', { name: 'Remover a.jpg' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remover foto' });
    expect(confirm).toHaveTextContent('Deseja remover esta foto do álbum?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(within(mine).getAllByRole('listitem')).toHaveLength(1));
    const [removal] = photoIds.flatMap((id) => api.calls('DELETE', `/api/events/photos/${id}`));
    expect(removal.request.headers.get('x-delete-key')).toMatch(/^key-pho_/);
    expect(api.data.photos.alb_festa).toHaveLength(1);
  });

  it("shows the offline banner while the browser is offline", async () => {
    api = await renderUpload();
    await screen.findByText('Festa');
    pick([image('a.jpg')]);
    await screen.findByRole('list', { name: 'Arquivos selecionados' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('Sem conexão. O envio continua quando a internet voltar.')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Sem conexão. O envio continua quando a internet voltar.')).not.toBeInTheDocument());
  });
});

describe('upload screen of a PIN event (issue 22)', () => {
  it('asks for the PIN in place when the upload link is opened on a new device, then shows the screen with the albums', async () => {
    apiServer.use(
      http.get('/api/albums/:eventId', ({ request }) => {
        const pin = request.headers.get('x-event-pin');
        if (!pin) return apiError(403, 'Digite o PIN do evento.');
        if (pin !== '4821') return apiError(403, 'PIN incorreto. Confira com quem organiza o evento.');
        return Response.json(albums);
      }),
    );
    api = await renderUpload();
    expect(screen.getByRole('heading', { name: 'Digite o PIN do evento' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Registrar momento' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('PIN do evento'), { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('PIN incorreto. Confira com quem organiza o evento.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('PIN do evento'), { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Registrar momento' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('event-pin')!)).toEqual({ eventId: 'evt_1', pin: '4821' });
  });
});
