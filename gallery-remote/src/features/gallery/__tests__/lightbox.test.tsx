import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { galleryApi, photo, renderGallery } from './gallery-test-kit';

afterEach(() => jest.restoreAllMocks());

describe('Lightbox', () => {
  it('opens on a thumbnail with the caption, download and zoom; closes back to the grid', async () => {
    galleryApi([photo('a', { user_id: 'Ana' }), photo('b', { user_id: 'Bruno' })]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Foto enviada por Bruno' }));

    const download = await screen.findByRole('button', { name: 'Baixar imagem' });
    expect(download).toHaveAttribute('title', 'Baixar imagem');
    expect(screen.getByRole('button', { name: 'Aumentar zoom' })).toBeInTheDocument();
    expect(screen.getAllByText('Bruno').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Baixar imagem' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Galeria de fotos' })).toBeInTheDocument();
  });

  it('plays videos as video/mp4 with metadata preload and controls', async () => {
    galleryApi([photo('v', { user_id: 'Vera', file_type: 'video', original_photo: '/api/files?path=albums/a1/v.mp4' })]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Vídeo enviado por Vera' }));
    await screen.findByRole('button', { name: 'Baixar imagem' });
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video.controls).toBe(true);
    expect(video.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    expect(video.querySelector('source')).toHaveAttribute('src', '/api/files?path=albums/a1/v.mp4');
  });

  it('shows the new-photos button instead of refreshing while it is open', async () => {
    const api = galleryApi([photo('a', { user_id: 'Ana' })]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Foto enviada por Ana' }));
    await screen.findByRole('button', { name: 'Baixar imagem' });

    api.api.data.photos.a1 = [photo('n', { user_id: 'Nina' }), photo('a', { user_id: 'Ana' })];
    act(() => api.emit({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }));
    const button = await screen.findByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' });
    expect(api.list()).toHaveLength(1);
    await user.click(button);
    await waitFor(() => expect(api.list()).toHaveLength(2));
    // Still open; the button is gone and no toast was shown.
    expect(screen.getByRole('button', { name: 'Baixar imagem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' })).not.toBeInTheDocument();
    expect(screen.queryByText('Novas fotos foram adicionadas!')).not.toBeInTheDocument();
  });
});

describe("issue 22: 'Convidados podem baixar as fotos' off", () => {
  it("offers no 'Baixar' when the list says the originals are kept", async () => {
    galleryApi([photo('a', { user_id: 'Ana', downloadable: false }), photo('b', { user_id: 'Bruno', downloadable: false })]);
    const user = userEvent.setup();
    renderGallery();
    await user.click(await screen.findByRole('button', { name: 'Foto enviada por Bruno' }));
    expect(await screen.findByRole('button', { name: 'Aumentar zoom' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Baixar imagem' })).not.toBeInTheDocument();
  });
});
