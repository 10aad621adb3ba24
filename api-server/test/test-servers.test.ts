import { closeLeftoverServers, startServer, statusOf } from './helpers';

// The suite's own safety net (test/server-environment.cjs): a server a test leaves running, or still
// booting when its test times out, is closed when the file ends, so no app outlives its file.

const answers = (url: string) => fetch(`${url}/api/health`).then(statusOf, () => 'refused');

test('servers left running or still booting are closed; those closed by their test are not closed again', async () => {
  const closedByTest = await startServer();
  const leftRunning = await startServer();
  // Closed before the next one boots: a schema dropped while another server's migrations list the
  // database's tables fails those migrations (closeLeftoverServers waits for every boot for the same reason).
  await closedByTest.close();
  const stillBooting = startServer();
  expect(await answers(leftRunning.url)).toBe(200);

  const closed = await closeLeftoverServers();
  const booted = await stillBooting;
  expect(closed.sort()).toEqual([leftRunning.url, booted.url].sort());
  expect(await answers(leftRunning.url)).toBe('refused');
  expect(await answers(booted.url)).toBe('refused');
  expect(await closeLeftoverServers()).toEqual([]);
}, 60_000);

test('closing twice closes once (the second call answers the same close)', async () => {
  const server = await startServer();
  const first = server.close();
  expect(server.close()).toBe(first);
  await first;
  expect(await answers(server.url)).toBe('refused');
  expect(await closeLeftoverServers()).toEqual([]);
}, 60_000);
