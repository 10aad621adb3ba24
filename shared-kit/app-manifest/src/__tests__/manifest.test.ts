import { defaultEntryUrl, devEntryUrl, matchRoute, remoteNames, remotes, routes, routesOf } from '../index';

describe('the app manifest', () => {
  it('maps every spec §2 route to the remote that owns it, organiser pages guarded', () => {
    const table = Object.fromEntries(routes.map((route) => [route.path, route]));
    expect(table['/']).toMatchObject({ remote: 'organiser_remote', page: 'entry' });
    expect(table['/'].guarded).toBeFalsy();
    for (const path of ['/events', '/events/register', '/events/register/:id']) {
      expect(table[path]).toMatchObject({ remote: 'organiser_remote', guarded: true });
    }
    for (const path of ['/invite/:code', '/events/share/:id', '/events/upload/:id']) {
      expect(table[path]).toMatchObject({ remote: 'guest_remote' });
      expect(table[path].guarded).toBeFalsy();
    }
    expect(table['/events/share/albums/:id']).toMatchObject({ remote: 'gallery_remote', page: 'gallery' });
  });

  it('names only pages that their remote exposes, and every exposed page has a route', () => {
    for (const route of routes) expect(remotes[route.remote].pages).toContain(route.page);
    for (const name of remoteNames) {
      for (const page of remotes[name].pages) expect(routesOf(name).map((route) => route.page)).toContain(page);
    }
  });

  it('finds the route of a URL path, and nothing for API or unknown paths', () => {
    expect(matchRoute('/invite/AB3CD4EF')).toMatchObject({ remote: 'guest_remote', page: 'invite' });
    expect(matchRoute('/events/share/evt_1?x=1')).toMatchObject({ remote: 'guest_remote', page: 'welcome' });
    expect(matchRoute('/events/share/albums/alb_1')).toMatchObject({ remote: 'gallery_remote', page: 'gallery' });
    expect(matchRoute('/events/register/evt_1')).toMatchObject({ remote: 'organiser_remote', guarded: true });
    expect(matchRoute('/')).toMatchObject({ page: 'entry' });
    expect(matchRoute('/api/events')).toBeNull();
    expect(matchRoute('/events/share')).toBeNull();
  });

  it('gives each remote a distinct folder, port and mount path, and entry URLs from them', () => {
    const values = (key: 'folder' | 'devPort' | 'mountPath') => new Set(remoteNames.map((name) => remotes[name][key]));
    expect(values('folder').size).toBe(remoteNames.length);
    expect(values('devPort').size).toBe(remoteNames.length);
    expect(values('mountPath').size).toBe(remoteNames.length);
    expect(defaultEntryUrl('guest_remote')).toBe('/remotes/guest/remoteEntry.js');
    expect(devEntryUrl('gallery_remote')).toBe('http://localhost:3003/remoteEntry.js');
  });
});
