import { photo } from '../../gallery/__tests__/gallery-test-kit';
import { advance, back, currentPhoto, emptyPlaylist, withoutPhotos, withPhotos } from '../wall-playlist';

const shown = (ids: string[]) => ids.map((id) => photo(id, { display_photo: `/d/${id}.webp` }));

describe('the wall playlist', () => {
  it('takes a video only once its playback rendition exists (issue 25)', () => {
    const video = (id: string, playback: string | null) => photo(id, { file_type: 'video', display_photo: `/d/${id}.webp`, playback_video: playback });
    const list = withPhotos(emptyPlaylist, [video('ready', '/p/ready.mp4'), video('waiting', null), ...shown(['a'])], true);
    expect(list.photos.map((item) => item.id)).toEqual(['ready', 'a']);
  });

  it('runs the ring oldest to newest and wraps; unfinished photos wait', () => {
    let list = withPhotos(emptyPlaylist, [...shown(['c', 'b', 'a']), photo('p', { processing: true, compressed_photo: null })], true);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      list = advance(list);
      seen.push(list.current!);
    }
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
    expect(back(list).current).toBe('c');
  });

  it('new photos jump the queue, newest first, each once; then the ring goes on', () => {
    let list = advance(withPhotos(emptyPlaylist, shown(['b', 'a']), true));
    expect(list.current).toBe('a');
    list = withPhotos(list, shown(['d', 'c', 'b', 'a']), false);
    expect(list.arrivals).toEqual(['d', 'c']);
    const order = [1, 2, 3].map(() => (list = advance(list)).current);
    expect(order).toEqual(['d', 'c', 'd']);
  });

  it('a hidden or deleted photo leaves at once, on screen or waiting', () => {
    let list = advance(withPhotos(emptyPlaylist, shown(['b', 'a']), true));
    list = withPhotos(list, shown(['c', 'b', 'a']), false);
    list = withoutPhotos(list, ['a', 'c']);
    expect(list.current).toBeNull();
    expect(list.arrivals).toEqual([]);
    expect(currentPhoto(advance(list))?.id).toBe('b');
    // A reload that no longer has a photo drops it too.
    expect(withPhotos(list, shown(['b']), false).photos.map((item) => item.id)).toEqual(['b']);
  });
});
