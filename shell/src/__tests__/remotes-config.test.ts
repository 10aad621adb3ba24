import { defaultEntryUrl } from '@momentos/app-manifest';
import { fetchRemotesConfig } from '../remotes/remotes-config';

const page = 'https://fotos.example.com/events/share/42';

describe('fetchRemotesConfig', () => {
  it('resolves the same-origin defaults against the page when remotes.json names nothing', async () => {
    const config = await fetchRemotesConfig(page, async () => ({}));
    expect(config).toEqual({
      organiser_remote: 'https://fotos.example.com/remotes/organiser/remoteEntry.js',
      guest_remote: 'https://fotos.example.com/remotes/guest/remoteEntry.js',
      gallery_remote: 'https://fotos.example.com/remotes/gallery/remoteEntry.js',
    });
  });

  it('takes each remote from remotes.json, absolute or relative, so a move needs no shell rebuild', async () => {
    let asked = '';
    const config = await fetchRemotesConfig(page, async (url) => {
      asked = url;
      return { guest_remote: 'https://cdn.example.net/guest/v2/remoteEntry.js', gallery_remote: '/g/remoteEntry.js' };
    });
    expect(asked).toBe('https://fotos.example.com/remotes.json');
    expect(config.guest_remote).toBe('https://cdn.example.net/guest/v2/remoteEntry.js');
    expect(config.gallery_remote).toBe('https://fotos.example.com/g/remoteEntry.js');
    expect(config.organiser_remote).toBe(new URL(defaultEntryUrl('organiser_remote'), page).href);
  });

  it('falls back to the defaults when remotes.json cannot be read or is malformed', async () => {
    const failed = await fetchRemotesConfig(page, async () => {
      throw new Error('503');
    });
    const malformed = await fetchRemotesConfig(page, async () => ({ guest_remote: 42 }));
    expect(failed.guest_remote).toBe('https://fotos.example.com/remotes/guest/remoteEntry.js');
    expect(malformed.guest_remote).toBe('https://fotos.example.com/remotes/guest/remoteEntry.js');
  });

  describe('by default', () => {
    const realFetch = global.fetch;
    let asked: string[] = [];
    beforeEach(() => {
      asked = [];
      global.fetch = jest.fn(async (url: string | URL | Request) => {
        asked.push(String(url));
        return new Response(JSON.stringify({ guest_remote: '/from-network/remoteEntry.js' }), { status: 200 });
      }) as typeof fetch;
    });
    afterEach(() => {
      global.fetch = realFetch;
      document.head.innerHTML = '';
    });

    it('issue 29: takes the copy the server wrote into the page, without a request', async () => {
      document.head.innerHTML = '<script type="application/json" id="remotes-config">{"guest_remote":"https://cdn.example.net/guest/remoteEntry.js"}</script>';
      const config = await fetchRemotesConfig(page);
      expect(config.guest_remote).toBe('https://cdn.example.net/guest/remoteEntry.js');
      expect(asked).toEqual([]);
    });

    it('asks for remotes.json when the page has no copy (a shell served from elsewhere)', async () => {
      const config = await fetchRemotesConfig(page);
      expect(asked).toEqual(['https://fotos.example.com/remotes.json']);
      expect(config.guest_remote).toBe('https://fotos.example.com/from-network/remoteEntry.js');
    });
  });
});
