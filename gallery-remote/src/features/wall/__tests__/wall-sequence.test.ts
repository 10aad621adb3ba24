import type { MessageItem } from '@momentos/api-client';
import { photo } from '../../gallery/__tests__/gallery-test-kit';
import {
  advanceWall,
  currentMessage,
  initialWallState,
  optionsFromQuery,
  queryOfOptions,
  withAnnouncedMessages,
  withMessages,
  withoutMessages,
  withWallPhotos,
  type WallState,
} from '../wall-sequence';

const shown = (ids: string[], favorites: string[] = []) => ids.map((id) => photo(id, { display_photo: `/d/${id}.webp`, favorite: favorites.includes(id) }));
const note = (id: string, overrides: Partial<MessageItem> = {}): MessageItem => ({
  id,
  event_id: 'evt_1',
  user_id: `Convidado ${id}`,
  text: `Texto ${id}`,
  audio: null,
  created_at: '2030-01-01T20:00:00Z',
  ...overrides,
});

/** What the wall shows over `steps` slides: photo ids, and messages as `m:<id>`. */
function run(state: WallState, steps: number): { seen: string[]; state: WallState } {
  const seen: string[] = [];
  let at = state;
  for (let step = 0; step < steps; step++) {
    at = advanceWall(at);
    seen.push(at.message ? `m:${at.message}` : at.playlist.current!);
  }
  return { seen, state: at };
}

describe('the wall sequence (issue 26)', () => {
  it('one message after every N photos, messages in their own ring, oldest first', () => {
    let state = initialWallState({ everyN: 2, favoritesOnly: false });
    state = withWallPhotos(state, shown(['c', 'b', 'a']), true);
    state = withMessages(state, [note('m2'), note('m1')], true);
    expect(run(state, 9).seen).toEqual(['a', 'b', 'm:m1', 'c', 'a', 'm:m2', 'b', 'c', 'm:m1']);
  });

  it('no messages when "Recados no telão" is off; none without photos between them', () => {
    let off = initialWallState({ everyN: 0, favoritesOnly: false });
    off = withMessages(withWallPhotos(off, shown(['b', 'a']), true), [note('m1')], true);
    expect(run(off, 6).seen).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    // Never two messages in a row, even with one photo.
    let one = initialWallState({ everyN: 1, favoritesOnly: false });
    one = withMessages(withWallPhotos(one, shown(['a']), true), [note('m2'), note('m1')], true);
    expect(run(one, 5).seen).toEqual(['a', 'm:m1', 'a', 'm:m2', 'a']);
  });

  it('never a hidden or pending message (the organiser list has them, flagged)', () => {
    let state = initialWallState({ everyN: 1, favoritesOnly: false });
    state = withWallPhotos(state, shown(['a']), true);
    state = withMessages(state, [note('hidden', { hidden: true }), note('pending', { pending: true }), note('ok', { hidden: false, pending: false })], true);
    expect(state.messages.map((message) => message.id)).toEqual(['ok']);
    expect(run(state, 6).seen).toEqual(['a', 'm:ok', 'a', 'm:ok', 'a', 'm:ok']);
  });

  it('a new message comes next; a hidden one leaves at once, even on screen', () => {
    let state = initialWallState({ everyN: 1, favoritesOnly: false });
    state = withMessages(withWallPhotos(state, shown(['b', 'a']), true), [note('m1')], true);
    state = run(state, 2).state;
    expect(currentMessage(state)?.text).toBe('Texto m1');
    state = withAnnouncedMessages(state, [note('m2')]);
    expect(state.messageArrivals).toEqual(['m2']);
    state = run(state, 2).state;
    expect(state.message).toBe('m2');
    // The organiser's socket announces the hidden message too: it leaves.
    state = withAnnouncedMessages(state, [note('m2', { hidden: true })]);
    expect(state.message).toBeNull();
    expect(state.messages.map((message) => message.id)).toEqual(['m1']);
    // messages_removed: off the wall, on screen or waiting.
    state = withoutMessages(withAnnouncedMessages(state, [note('m3')]), ['m3', 'm1']);
    expect(state.messages).toEqual([]);
    expect(run(state, 4).seen).toEqual(['a', 'b', 'a', 'b']);
    // A reload (the guest list) that no longer has a message drops it as well.
    expect(withMessages(withMessages(state, [note('m4')], false), [], false).messages).toEqual([]);
  });

  it('"Só favoritas" shows only the organiser\'s favourite photos', () => {
    let state = initialWallState({ everyN: 0, favoritesOnly: true });
    state = withWallPhotos(state, shown(['d', 'c', 'b', 'a'], ['a', 'c']), true);
    expect(run(state, 4).seen).toEqual(['a', 'c', 'a', 'c']);
    const all = withWallPhotos(initialWallState({ everyN: 0, favoritesOnly: false }), shown(['d', 'c', 'b', 'a'], ['a', 'c']), true);
    expect(run(all, 4).seen).toEqual(['a', 'b', 'c', 'd']);
  });

  it('the options live in the wall\'s address', () => {
    expect(optionsFromQuery('')).toEqual({ everyN: 5, favoritesOnly: false });
    expect(optionsFromQuery('?recados=3&favoritas=1')).toEqual({ everyN: 3, favoritesOnly: true });
    expect(optionsFromQuery('?recados=0')).toEqual({ everyN: 0, favoritesOnly: false });
    expect(optionsFromQuery('?recados=7').everyN).toBe(5);
    expect(optionsFromQuery('?recados=2').everyN).toBe(2);
    expect(queryOfOptions({ everyN: 10, favoritesOnly: true })).toBe('?recados=10&favoritas=1');
    expect(queryOfOptions({ everyN: 5, favoritesOnly: false })).toBe('');
  });
});
