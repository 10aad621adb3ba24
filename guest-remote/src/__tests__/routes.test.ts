import { remotes } from '@momentos/app-manifest';
import { pages } from '../routes';

describe('guest remote contract (./routes)', () => {
  it('exposes exactly the pages the app manifest names for it, each loaded on demand', async () => {
    expect(Object.keys(pages).sort()).toEqual(['invite', 'messages', 'upload', 'welcome']);
    expect(Object.keys(pages).sort()).toEqual([...remotes.guest_remote.pages].sort());
    for (const load of Object.values(pages)) {
      expect(typeof (await load()).default).toBe('function');
    }
  });
});
