import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, apiServer, http, HttpResponse } from '@momentos/api-client/testing';
import { albumRealtime, rememberEventPin } from '@momentos/api-client';
import { galleryApi, photo, renderGallery } from './gallery-test-kit';

afterEach(() => jest.restoreAllMocks());

describe('Gallery page', () => {
  it('shows the title, the loading state, then the thumbnails and Modo Apresentação', async () => {
    const api = galleryApi([photo('p1', { user_id: 'Ana' }), photo('p2', { user_id: 'Bruno' })]);
    renderGallery();
    expect(screen.getByRole('heading', { name: 'Galeria de fotos' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Carregando fotos' })).toBeInTheDocument();
    // Issue 29: its place is kept while the photos load (disabled), so nothing below moves when they come.
    expect(screen.getByRole('button', { name: 'Modo Apresentação' })).toBeDisabled();

    expect(await screen.findByRole('img', { name: 'Foto enviada por Ana' })).toHaveAttribute(
      'src',
      '/api/files?path=albums/a1/thumbs/p1.webp',
    );
    expect(screen.getByRole('img', { name: 'Foto enviada por Bruno' })).toHaveAttribute('loading', 'eager');
    expect(screen.queryByRole('status', { name: 'Carregando fotos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modo Apresentação' })).toBeEnabled();
    expect(api.list()).toHaveLength(1);
    expect(api.list()[0].query.has('user_id')).toBe(false);
  });

  it("shows 'Nenhuma foto encontrada' and no Modo Apresentação for an empty album", async () => {
    galleryApi([]);
    renderGallery();
    expect(await screen.findByText('Nenhuma foto encontrada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modo Apresentação' })).not.toBeInTheDocument();
  });

  it('toasts the load error when the request fails', async () => {
    galleryApi();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    apiServer.use(http.get('/api/events/photos/:albumId', () => HttpResponse.error()));
    renderGallery();
    expect(await screen.findByText('Erro ao carregar as fotos. Tente novamente.')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma foto encontrada')).toBeInTheDocument();
  });

  it('only logs a non-200 answer (an unknown album) and shows the empty state', async () => {
    galleryApi();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    apiServer.use(http.get('/api/events/photos/:albumId', () => apiError(404, 'Álbum não encontrado')));
    renderGallery('nope');
    expect(await screen.findByText('Nenhuma foto encontrada')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Erro ao carregar as fotos. Tente novamente.')).not.toBeInTheDocument();
  });

  it("shows the processing state, 'Erro ao processar' and the placeholder icon", async () => {
    galleryApi([
      photo('busy', { compressed_photo: null, processing: true }),
      photo('broken', { compressed_photo: null, error: 'Arquivo corrompido' }),
      photo('bare', { compressed_photo: null }),
      photo('video', { file_type: 'video', user_id: 'Caio' }),
    ]);
    renderGallery();
    expect(await screen.findByText('Processando…')).toBeInTheDocument();
    expect(screen.getByText('Erro ao processar')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sem miniatura' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vídeo enviado por Caio' })).toBeInTheDocument();
  });

  it("links 'Listar álbuns' and Álbum to the event's album list, Nova foto to the upload screen", async () => {
    galleryApi([photo('p1')]);
    const user = userEvent.setup();
    renderGallery();
    await waitFor(() => expect(screen.getByRole('link', { name: /Listar álbuns/ })).toHaveAttribute('href', '/events/share/ev1'));
    const nav = screen.getByRole('navigation', { name: 'Navegação da galeria' });
    expect(within(nav).getByRole('button', { name: 'Álbum' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Nova foto' }));
    expect(await screen.findByRole('heading', { name: 'Registrar momento' })).toBeInTheDocument();
  });

  it('opens the invite dialog from Compartilhar with the stored invite code', async () => {
    localStorage.setItem('shared', 'CODE42');
    galleryApi([photo('p1')]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Compartilhar' }));
    const dialog = screen.getByRole('dialog', { name: 'Compartilhar convite' });
    expect(within(dialog).getByRole('textbox', { name: 'Link do convite' })).toHaveValue(`${window.location.origin}/invite/CODE42`);
    expect(await within(dialog).findByRole('img', { name: 'QR code do convite' })).toBeInTheDocument();
    localStorage.clear();
  });

  it('filters by uploader: Todos plus each uploader, Cancelar keeps the list, Filtrar reloads with user_id', async () => {
    const api = galleryApi([photo('p1', { user_id: 'Ana' }), photo('p2', { user_id: 'Bruno' })]);
    const user = userEvent.setup();
    renderGallery();
    await screen.findByRole('img', { name: 'Foto enviada por Ana' });

    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    const select = await screen.findByRole('combobox', { name: 'Filtrar por quem enviou:' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos', 'Ana', 'Bruno']);

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.list()).toHaveLength(1);

    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Filtrar' }));
    const again = await screen.findByRole('combobox', { name: 'Filtrar por quem enviou:' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.selectOptions(again, 'Bruno');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(api.list()).toHaveLength(2));
    expect(api.list()[1].query.get('user_id')).toBe('Bruno');
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto enviada por Ana' })).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Foto enviada por Bruno' })).toBeInTheDocument();
  });

  it("reads 'Nenhum convidado encontrado' when nobody uploaded", async () => {
    galleryApi([]);
    const user = userEvent.setup();
    renderGallery();
    await screen.findByText('Nenhuma foto encontrada');
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Filtrar' }));
    const select = await screen.findByRole('combobox', { name: 'Filtrar por quem enviou:' });
    await waitFor(() => expect(within(select).getByRole('option')).toHaveTextContent('Nenhum convidado encontrado'));
  });

  it('reloads silently with the info toast when new photos arrive', async () => {
    const api = galleryApi([photo('p1', { user_id: 'Ana' })]);
    renderGallery();
    await screen.findByRole('img', { name: 'Foto enviada por Ana' });
    expect(api.subscribe).toHaveBeenCalledWith('a1', expect.any(Function), expect.anything());

    api.api.data.photos.a1 = [photo('p9', { user_id: 'Zé' }), photo('p1', { user_id: 'Ana' })];
    act(() => api.emit({ type: 'new_photos', payload: { albumId: 'other', photos: [] } }));
    expect(api.list()).toHaveLength(1);
    act(() => api.emit({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }));
    expect(await screen.findByText('Novas fotos foram adicionadas!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto enviada por Zé' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando fotos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' })).not.toBeInTheDocument();
  });

  it('shows only the new-photos button while the presentation is open, and refreshes on click', async () => {
    const api = galleryApi([photo('p1', { user_id: 'Ana' })]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Modo Apresentação' }));
    expect(screen.getByRole('dialog', { name: 'Apresentação' })).toBeInTheDocument();

    api.api.data.photos.a1 = [photo('p9', { user_id: 'Zé' }), photo('p1', { user_id: 'Ana' })];
    act(() => api.emit({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }));
    const button = await screen.findByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' });
    expect(api.list()).toHaveLength(1);
    expect(screen.queryByText('Novas fotos foram adicionadas!')).not.toBeInTheDocument();

    await user.click(button);
    await waitFor(() => expect(api.list()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' })).not.toBeInTheDocument();
    // The presentation keeps showing the image it was on.
    expect(await screen.findByText('2 / 2')).toBeInTheDocument();
  });

  it('drops removed photos at once, without a reload, even with the presentation open', async () => {
    const api = galleryApi([photo('p2', { user_id: 'Bia' }), photo('p1', { user_id: 'Ana' })]);
    const user = userEvent.setup();
    renderGallery();
    await screen.findByRole('img', { name: 'Foto enviada por Bia' });

    act(() => api.emit({ type: 'photos_removed', payload: { albumId: 'other', ids: ['p2'] } }));
    expect(screen.getByRole('img', { name: 'Foto enviada por Bia' })).toBeInTheDocument();
    act(() => api.emit({ type: 'photos_removed', payload: { albumId: 'a1', ids: ['p2'] } }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto enviada por Bia' })).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Foto enviada por Ana' })).toBeInTheDocument();
    expect(api.list()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Modo Apresentação' }));
    expect(await screen.findByText('1 / 1')).toBeInTheDocument();
    act(() => api.emit({ type: 'photos_removed', payload: { albumId: 'a1', ids: ['p1'] } }));
    expect(await screen.findByText('Nenhuma imagem disponível')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' })).not.toBeInTheDocument();
  });
});

describe('a gallery closed to guests (issue 12)', () => {
  it("shows the server's reason instead of the photos, and no error toast", async () => {
    galleryApi([]);
    apiServer.use(http.get('/api/events/photos/:albumId', () => apiError(403, 'As fotos serão reveladas em 03/01/2030 10:30')));
    renderGallery();
    expect(await screen.findByText('As fotos serão reveladas em 03/01/2030 10:30')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar as fotos. Tente novamente.')).not.toBeInTheDocument();
  });
});

describe('issue 22: a PIN event opened from a gallery link, and an album closed while open', () => {
  it('asks for the PIN in place, then shows the album; a wrong PIN shows the server’s words', async () => {
    galleryApi([photo('p1', { user_id: 'Ana' })]);
    apiServer.use(
      http.get('/api/events/photos/:albumId', ({ request }) => {
        const pin = request.headers.get('x-event-pin');
        if (!pin) return apiError(403, 'Digite o PIN do evento.');
        if (pin !== '4821') return apiError(403, 'PIN incorreto. Confira com quem organiza o evento.');
        return HttpResponse.json([photo('p1', { user_id: 'Ana' })]);
      }),
    );
    const user = userEvent.setup();
    renderGallery();
    expect(await screen.findByRole('heading', { name: 'Digite o PIN do evento' })).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar as fotos. Tente novamente.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('PIN do evento'), '1111');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('PIN incorreto. Confira com quem organiza o evento.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('PIN do evento'));
    await user.type(screen.getByLabelText('PIN do evento'), '4821');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('button', { name: 'Foto enviada por Ana' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Digite o PIN do evento' })).not.toBeInTheDocument();
    rememberEventPin('ev1', null);
  });

  it('catches up when its socket opens: a photo removed after the list loaded and before the socket opened leaves', async () => {
    const { api, list } = galleryApi([photo('p1', { user_id: 'Ana' }), photo('p2', { user_id: 'Bia' })]);
    let opened: (() => void) | undefined;
    jest.spyOn(albumRealtime, 'subscribe').mockImplementation((_albumId, _listener, options) => {
      opened = options?.onOpen;
      return () => undefined;
    });
    renderGallery();
    expect(await screen.findByRole('button', { name: 'Foto enviada por Bia' })).toBeInTheDocument();
    await waitFor(() => expect(list()).toHaveLength(1));
    // Removed while the socket was still connecting: no announcement will come for it.
    api.data.photos.a1 = [photo('p1', { user_id: 'Ana' })];
    act(() => opened?.());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Foto enviada por Bia' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Foto enviada por Ana' })).toBeInTheDocument();
    expect(list()).toHaveLength(2);
  });

  it("shows 'Este álbum não está mais disponível.' instead of the photos when the server closes the socket with 4403", async () => {
    galleryApi([photo('p1', { user_id: 'Ana' })]);
    let refused: ((reason: string) => void) | undefined;
    jest.spyOn(albumRealtime, 'subscribe').mockImplementation((_albumId, _listener, options) => {
      refused = options?.onRefused;
      return () => undefined;
    });
    renderGallery();
    expect(await screen.findByRole('button', { name: 'Foto enviada por Ana' })).toBeInTheDocument();
    act(() => refused?.('Este álbum não está mais disponível.'));
    expect(await screen.findByText('Este álbum não está mais disponível.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Foto enviada por Ana' })).not.toBeInTheDocument();
  });
});
