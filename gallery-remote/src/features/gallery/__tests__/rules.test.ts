import { countdown } from '../closed-gallery';
import { columnsForWidth, rowCountFor, tileSizeFor } from '../grid/grid-layout';
import { applyPhotoUpdates, pollDelayMs, processingIds } from '../live/polling-schedule';
import { fasterInterval, nextIndex, presentationImages, previousIndex, slowerInterval } from '../presentation/presentation-rules';
import { lightboxSettings, toSlides } from '../lightbox/lightbox-slides';
import { photo } from './gallery-test-kit';

describe('grid layout', () => {
  it('uses 2 columns on phones, 3 on tablets, 4 on wide screens', () => {
    expect(columnsForWidth(360)).toBe(2);
    expect(columnsForWidth(599)).toBe(2);
    expect(columnsForWidth(600)).toBe(3);
    expect(columnsForWidth(959)).toBe(3);
    expect(columnsForWidth(960)).toBe(4);
    expect(columnsForWidth(2560)).toBe(4);
  });

  it('sizes square tiles and counts rows', () => {
    expect(tileSizeFor(366, 2, 6)).toBe(180);
    expect(tileSizeFor(0, 2)).toBe(0);
    expect(rowCountFor(10_000, 3)).toBe(3334);
  });
});

describe('polling schedule', () => {
  it('waits 2 s for attempts 1 to 3, then 3 s, and stops after 10 attempts', () => {
    expect([1, 2, 3, 4, 5, 10].map(pollDelayMs)).toEqual([2000, 2000, 2000, 3000, 3000, 3000]);
    expect(pollDelayMs(11)).toBeNull();
    expect(pollDelayMs(0)).toBeNull();
  });

  it('polls for the photos still processing, not for failed ones', () => {
    const busy = [photo('a', { processing: true, compressed_photo: null })];
    expect(processingIds([...busy, photo('b'), photo('c', { processing: true, error: 'x' })])).toEqual(['a']);
  });

  it('replaces thumbnails and errors as they arrive', () => {
    const photos = [photo('a', { processing: true, compressed_photo: null }), photo('b', { processing: true, compressed_photo: null }), photo('c')];
    const next = applyPhotoUpdates(photos, [
      { id: 'a', compressed_photo: '/api/files?path=t/a.webp', error: false },
      { id: 'b', compressed_photo: null, error: 'Formato não suportado' },
    ]);
    expect(next[0]).toMatchObject({ compressed_photo: '/api/files?path=t/a.webp', processing: false, error: false });
    expect(next[1]).toMatchObject({ processing: false, error: 'Formato não suportado' });
    expect(next[2]).toBe(photos[2]);
    // The phone copy arrives with its update (issue 29).
    expect(applyPhotoUpdates([next[0]], [{ id: 'a', compressed_photo: '/api/files?path=t/a.webp', thumb_photo: '/api/files?path=t/a-tile.webp', error: false }])[0]).toMatchObject({ thumb_photo: '/api/files?path=t/a-tile.webp' });
    // A video without poster finishes through `processing` (DESIGN §6).
    const video = [photo('v', { file_type: 'video', processing: true, compressed_photo: null })];
    expect(applyPhotoUpdates(video, [{ id: 'v', compressed_photo: null, error: false, processing: false }])[0].processing).toBe(false);
    expect(applyPhotoUpdates(video, [{ id: 'v', compressed_photo: null, error: false }])).toBe(video);
  });
});

describe('presentation rules', () => {
  it('wraps both ways and bounds the interval to 1–10 s in 1 s steps', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(fasterInterval(3000)).toBe(2000);
    expect(fasterInterval(1000)).toBe(1000);
    expect(slowerInterval(9000)).toBe(10000);
    expect(slowerInterval(10000)).toBe(10000);
  });

  it('keeps images and the videos whose rendition is ready (issue 25), never failed items', () => {
    const list = [
      photo('a'),
      photo('v', { file_type: 'video', playback_video: null }),
      photo('r', { file_type: 'video', playback_video: '/p/r.mp4' }),
      photo('e', { error: 'x' }),
    ];
    expect(presentationImages(list).map((item) => item.id)).toEqual(['a', 'r']);
  });
});

describe('lightbox slides', () => {
  it('captions with the uploader, downloads the original through /api/files/download, plays mp4 videos', () => {
    const [image, video] = toSlides([
      photo('a', { user_id: 'Ana' }),
      photo('v', { user_id: 'Vera', file_type: 'video', original_photo: '/api/files?path=albums/a1/v.mp4' }),
    ]);
    expect(image).toMatchObject({
      type: 'image',
      src: '/api/files?path=albums/a1/thumbs/a.webp',
      title: 'Ana',
      download: { url: '/api/files/download?path=%2Fapi%2Ffiles%3Fpath%3Dalbums%2Fa1%2Fa.jpg', filename: 'a.jpg' },
    });
    expect(video).toMatchObject({
      type: 'video',
      title: 'Vera',
      sources: [{ src: '/api/files?path=albums/a1/v.mp4', type: 'video/mp4' }],
      poster: '/api/files?path=albums/a1/thumbs/v.webp',
    });
    expect(lightboxSettings).toMatchObject({ fadeMs: 300, maxZoomPixelRatio: 1, zoomInMultiplier: 2, videoPreload: 'metadata' });
  });

  it('shows the screen rendition (display_photo) in the lightbox, the grid one only when there is none', () => {
    const [image, video] = toSlides([
      photo('a', { display_photo: '/api/files?path=albums/a1/a-display.webp' }),
      photo('v', { file_type: 'video', display_photo: '/api/files?path=albums/a1/v-display.webp' }),
    ]);
    expect(image.src).toBe('/api/files?path=albums/a1/a-display.webp');
    expect(video.poster).toBe('/api/files?path=albums/a1/v-display.webp');
  });
});

describe('videos in the lightbox (issue 25)', () => {
  it('plays the playback rendition, keeps the original for download, opens no player before it exists', () => {
    const original = '/api/files?path=albums/a1/v.mov';
    const [ready, preparing, failed] = toSlides([
      photo('v', { user_id: 'Vera', file_type: 'video', original_photo: original, playback_video: '/api/files?path=albums/a1/v-playback.mp4' }),
      photo('w', { user_id: 'Wil', file_type: 'video', original_photo: original, playback_video: null }),
      photo('x', { user_id: 'Xan', file_type: 'video', original_photo: original, playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' }),
    ]);
    expect(ready).toMatchObject({ type: 'video', sources: [{ src: '/api/files?path=albums/a1/v-playback.mp4', type: 'video/mp4' }] });
    expect(ready.download.filename).toBe('v.mov');
    expect(preparing).toMatchObject({ type: 'image', src: '/api/files?path=albums/a1/thumbs/w.webp', title: 'Wil · Processando vídeo…' });
    expect(failed).toMatchObject({ type: 'image', title: 'Xan · Não foi possível preparar este vídeo.', download: { filename: 'v.mov' } });
  });
});

describe('the reveal countdown (issue 12)', () => {
  it('counts days, hours and minutes to the reveal, and ends at it', () => {
    const now = new Date('2030-01-01T10:00:00').getTime();
    expect(countdown('2030-01-03 12:30', now)).toBe('Faltam 2 dia(s), 2 h e 30 min');
    expect(countdown('2030-01-01 11:05', now)).toBe('Faltam 1 h e 5 min');
    expect(countdown('2030-01-01 10:00', now - 61_000)).toBe('Faltam 2 min');
    expect(countdown('2030-01-01 09:59', now)).toBeNull();
  });
});
