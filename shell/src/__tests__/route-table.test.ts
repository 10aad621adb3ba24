import { routeTable } from '../routes/route-table';

describe('route table (spec §2, DESIGN.md §1)', () => {
  it('maps every spec route to the remote that owns it, organiser pages guarded', () => {
    const table = Object.fromEntries(routeTable.map((route) => [route.path, route]));
    expect(table['/']).toMatchObject({ remote: 'organiser_remote' });
    expect(table['/'].guarded).toBeFalsy();
    for (const path of ['/events', '/events/register', '/events/register/:id']) {
      expect(table[path]).toMatchObject({ remote: 'organiser_remote', guarded: true });
    }
    for (const path of ['/invite/:code', '/events/share/:id', '/events/upload/:id']) {
      expect(table[path]).toMatchObject({ remote: 'guest_remote' });
      expect(table[path].guarded).toBeFalsy();
    }
    expect(table['/events/share/albums/:id']).toMatchObject({ remote: 'gallery_remote' });
    expect(routeTable).toHaveLength(8);
  });
});
