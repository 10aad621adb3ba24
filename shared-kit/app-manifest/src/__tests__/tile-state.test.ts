import { GRID_TILE_SIZES } from '../grid-tile';
import { tileState } from '../tile-state';

// Issue 24: one decision for the React tile and the painted gallery.

const photo = {
  file_type: 'image' as const,
  compressed_photo: '/api/files?path=albums/a1/p1-640.webp',
  thumb_photo: '/api/files?path=albums/a1/p1-320.webp',
  processing: false,
  error: false,
};
const video = { ...photo, file_type: 'video' as const, playback_video: '/api/files?path=albums/a1/p1.mp4', playback_error: false, duration: 42.4 };

describe('a gallery tile', () => {
  it('shows a photo by its grid copy, with the phone copy in its srcset, through the URL the page loads', () => {
    expect(tileState(photo)).toEqual({
      show: 'image',
      media: 'photo',
      src: photo.compressed_photo,
      srcset: `${photo.thumb_photo} 320w, ${photo.compressed_photo} 640w`,
      sizes: GRID_TILE_SIZES,
      video: null,
    });
    const state = tileState(photo, { url: (file) => `https://api.example${file}` });
    expect(state).toMatchObject({ src: `https://api.example${photo.compressed_photo}` });
    expect(state.show === 'image' && state.srcset).toBe(`https://api.example${photo.thumb_photo} 320w, https://api.example${photo.compressed_photo} 640w`);
    // Made before the phone copy existed: the grid copy alone, no sizes.
    expect(tileState({ ...photo, thumb_photo: null })).toMatchObject({ show: 'image', srcset: undefined, sizes: undefined });
  });

  it("shows a video's poster with its duration, and the rendition's state while it is made or after it failed", () => {
    expect(tileState(video)).toMatchObject({ show: 'image', media: 'video', video: { duration: '0:42', state: null } });
    expect(tileState({ ...video, duration: null })).toMatchObject({ video: { duration: null, state: null } });
    expect(tileState({ ...video, playback_video: null, processing: true })).toMatchObject({ video: { duration: '0:42', state: 'preparing' } });
    expect(tileState({ ...video, playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' })).toMatchObject({ video: { state: 'failed' } });
  });

  it("is 'Erro ao processar' when processing failed, except to an organiser selecting photos", () => {
    expect(tileState({ ...photo, error: 'Erro ao processar' })).toEqual({ show: 'error', media: 'photo' });
    expect(tileState({ ...video, error: true })).toEqual({ show: 'error', media: 'video' });
    expect(tileState({ ...photo, error: true }, { selecting: true })).toMatchObject({ show: 'image' });
    expect(tileState({ ...photo, error: true, compressed_photo: null }, { selecting: true })).toEqual({ show: 'blank', media: 'photo' });
  });

  it('shows the spinner while the renditions are made, and the placeholder when there is no thumbnail', () => {
    expect(tileState({ ...photo, compressed_photo: null, thumb_photo: null, processing: true })).toEqual({ show: 'processing', media: 'photo' });
    expect(tileState({ ...video, compressed_photo: null, processing: true })).toEqual({ show: 'processing', media: 'video' });
    expect(tileState({ ...photo, compressed_photo: null, thumb_photo: null })).toEqual({ show: 'blank', media: 'photo' });
  });
});
