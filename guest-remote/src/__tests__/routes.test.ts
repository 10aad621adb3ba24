import { pages } from '../routes';

describe('guest remote contract (./routes)', () => {
  it('exposes exactly the pages the shell routes to it, each loaded on demand', async () => {
    expect(Object.keys(pages).sort()).toEqual(['invite', 'upload', 'welcome']);
    for (const load of Object.values(pages)) {
      expect(typeof (await load()).default).toBe('function');
    }
  });
});
