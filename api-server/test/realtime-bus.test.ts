import { Client } from 'pg';
import { startPostgresBus, type Announcement } from '../src/infra/realtime-bus';

// Issue 29 (the event soak): a burst of uploads publishes many announcements at once; they must all
// reach the other instance, in order, without pg's concurrent-query deprecation (removed in pg 9).
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the PostgreSQL realtime bus', () => {
  test('concurrent publishes reach the other instance in order, one query at a time on the connection', async () => {
    // pg warns (and pg 9 will refuse) when a query is asked for while the client's queue holds another.
    let queuedBehind = 0;
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client & { _queryQueue: unknown[] }, ...args: unknown[]) {
      if (this._queryQueue.length > 0) queuedBehind++;
      return (query as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    const heard: string[] = [];
    const log = { warn: () => undefined };
    const schema = `bus_${Date.now().toString(36)}`;
    const url = process.env.DATABASE_URL!;
    const listener = await startPostgresBus({ url, schema, log, onRemote: async (announcement) => void heard.push(announcement.photoIds[0]) });
    const publisher = await startPostgresBus({ url, schema, log, onRemote: async () => undefined });
    try {
      const ids = Array.from({ length: 40 }, (_, n) => `photo-${n}`);
      const announcement = (id: string): Announcement => ({ albumId: 'a', eventId: 'e', isPublic: true, photoIds: [id] });
      await Promise.all(ids.map((id) => publisher.publish(announcement(id))));
      for (let i = 0; i < 100 && heard.length < ids.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(ids);
      expect(queuedBehind).toBe(0);
    } finally {
      spy.mockRestore();
      await publisher.close();
      await listener.close();
    }
  });
});
