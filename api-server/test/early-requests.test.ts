import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { createEvent, FAKE_FILES, makeWebRoot, organiserSession, startServer, type TestServer } from './helpers';

// Issue 29: an organiser's page asks for its first API reads as it is parsed (app-manifest's
// `earlyRequests`), with the sign-in the browser keeps; the API client takes the answers.

/** The page's inline scripts, and its JSON list of early reads. */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
const earlyList = (html: string) => {
  const match = /<script type="application\/json" id="early-requests">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]) as string[]) : null;
};

/** Runs the page's script as a browser would, with this storage; answers the requests it sent. */
function runEarlyScript(html: string, stored: Record<string, string>) {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const list = /<script type="application\/json" id="early-requests">([^<]*)<\/script>/.exec(html)?.[1];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    document: { getElementById: (id: string) => (id === 'early-requests' && list ? { textContent: list } : null) },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve('answer');
    },
  };
  const script = inlineScripts(html).find((text) => text.includes('early-requests'))!;
  vm.runInNewContext(script, context);
  return { sent, kept: window.__momentosEarly as Record<string, Promise<unknown>> | undefined };
}

describe('early reads of an organiser page', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;

  beforeAll(async () => {
    server = await startServer({ webRoot: makeWebRoot(FAKE_FILES) });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  test("the photo screen lists its three reads and sends them with the stored sign-in, which the API accepts", async () => {
    const event = await createEvent(server, ana.token, { name: 'Casamento' });
    const response = await fetch(`${server.url}/events/${event.id}/photos`);
    const html = await response.text();
    expect(earlyList(html)).toEqual([`/api/events/photos/${event.id}`, `/api/events/${event.id}`, `/api/albums/${event.id}`]);

    // Its one fixed script, allowed by its hash.
    const script = inlineScripts(html).find((text) => text.includes('early-requests'))!;
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);

    const { sent, kept } = runEarlyScript(html, { auth: ana.token });
    expect(sent.map((request) => request.url)).toEqual(earlyList(html));
    expect(Object.keys(kept!)).toEqual(earlyList(html));
    // The same headers the API client sends: the API answers each read as it answers the app.
    for (const { url, headers } of sent) {
      const answer = await fetch(`${server.url}${url}`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const photos = await (await fetch(`${server.url}${sent[0].url}`, { headers: sent[0].headers })).json();
    expect(photos).toEqual([]);
  });

  test('nothing is sent without a stored sign-in', async () => {
    const html = await (await fetch(`${server.url}/events`)).text();
    expect(earlyList(html)).toEqual(['/api/events']);
    expect(runEarlyScript(html, {})).toEqual({ sent: [], kept: undefined });
  });

  test('another album or tab of the page (a query string), and pages without early reads, have none', async () => {
    const event = await createEvent(server, ana.token, { name: 'Festa' });
    expect(earlyList(await (await fetch(`${server.url}/events/${event.id}/photos?tab=recados`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/events/${event.id}/photos?album=alb_1`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/conta`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/events/share/${event.id}`)).text())).toBeNull();
  });

  test('a hostile id is encoded in the list, as the API client encodes it', async () => {
    const html = await (await fetch(`${server.url}/events/${encodeURIComponent('a"</script>b')}/photos`)).text();
    expect(earlyList(html)).toEqual(['/api/events/photos/a%22%3C%2Fscript%3Eb', '/api/events/a%22%3C%2Fscript%3Eb', '/api/albums/a%22%3C%2Fscript%3Eb']);
    expect(html).not.toContain('"</script>b');
  });
});
