import { render, screen } from '@testing-library/react';
import { PhotoGrid } from '../grid/photo-grid';
import { photo } from './gallery-test-kit';

describe('PhotoGrid', () => {
  it("marks video tiles with a play badge and the duration, and says when the rendition is not ready (issue 25)", () => {
    const video = (id: string, extra: object) => photo(id, { user_id: id, file_type: 'video', duration: 42.3, ...extra });
    render(
      <PhotoGrid
        photos={[
          video('Lia', { playback_video: '/api/files?path=a-playback.mp4' }),
          video('Rui', { playback_video: null, duration: 75 }),
          video('Ivo', { playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' }),
          photo('Ana', { user_id: 'Ana' }),
        ]}
        onOpen={() => {}}
      />,
    );
    const badges = screen.getAllByTestId('video-badge');
    // The state word sits in the badge, under the play icon (the corners hold the place, the duration, the organiser's mark and the hearts).
    expect(badges.map((badge) => badge.textContent)).toEqual(['0:42', '1:15Processando vídeo…', '0:42Não foi possível preparar este vídeo.']);
    expect(screen.getByText('Processando vídeo…')).toBeInTheDocument();
    expect(screen.getByText('Não foi possível preparar este vídeo.')).toBeInTheDocument();
  });

  it('renders only the rows on screen for 10,000 photos, with a full-height container', () => {
    const photos = Array.from({ length: 10_000 }, (_, index) => photo(`p${index}`, { user_id: `Convidado ${index}` }));
    const started = performance.now();
    render(<PhotoGrid photos={photos} onOpen={() => {}} />);
    const elapsed = performance.now() - started;

    const tiles = screen.getAllByRole('listitem');
    // jsdom's window is 1024 × 768: 4 columns of 251 px, 4 rows on screen plus the overscan.
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(40);
    expect(screen.getByRole('list', { name: 'Fotos do álbum' }).style.height).toBe(`${2500 * 257 - 6}px`);
    expect(screen.getByRole('img', { name: 'Foto enviada por Convidado 0' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Foto enviada por Convidado 9999' })).not.toBeInTheDocument();
    expect(elapsed).toBeLessThan(2000);
  });

  it('loads the first row at once and first, every later tile lazily, each with its size', () => {
    const photos = Array.from({ length: 12 }, (_, index) => photo(`p${index}`, { user_id: `Convidado ${index}` }));
    render(<PhotoGrid photos={photos} onOpen={() => {}} />);
    // 4 columns in jsdom's 1024-px window: the first row is photos 0 to 3.
    photos.forEach((_, index) => {
      const image = screen.getByRole('img', { name: `Foto enviada por Convidado ${index}` });
      expect(image).toHaveAttribute('loading', index < 4 ? 'eager' : 'lazy');
      if (index < 4) expect(image).toHaveAttribute('fetchpriority', 'high');
      else expect(image).not.toHaveAttribute('fetchpriority');
      expect(image).toHaveAttribute('width', '251');
      expect(image).toHaveAttribute('height', '251');
    });
  });

  it('offers the phone copy beside the grid copy when the photo has one (issue 29)', () => {
    render(<PhotoGrid photos={[photo('a', { user_id: 'Ana', thumb_photo: '/api/files?path=t/a-tile.webp' }), photo('b', { user_id: 'Bia' })]} onOpen={() => {}} />);
    const withThumb = screen.getByRole('img', { name: 'Foto enviada por Ana' });
    expect(withThumb).toHaveAttribute('src', '/api/files?path=albums/a1/thumbs/a.webp');
    expect(withThumb).toHaveAttribute('srcset', '/api/files?path=t/a-tile.webp 320w, /api/files?path=albums/a1/thumbs/a.webp 640w');
    expect(withThumb).toHaveAttribute('sizes', '(max-width: 599px) 106px, (max-width: 959px) 33vw, 25vw');
    const without = screen.getByRole('img', { name: 'Foto enviada por Bia' });
    expect(without).not.toHaveAttribute('srcset');
    expect(without).not.toHaveAttribute('sizes');
  });

  it('opens the clicked photo by its index', () => {
    const onOpen = jest.fn();
    render(<PhotoGrid photos={[photo('a', { user_id: 'Ana' }), photo('b', { user_id: 'Bia' })]} onOpen={onOpen} />);
    screen.getByRole('button', { name: 'Foto enviada por Bia' }).click();
    expect(onOpen).toHaveBeenCalledWith(1);
  });
});
