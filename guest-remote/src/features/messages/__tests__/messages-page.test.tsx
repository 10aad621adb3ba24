import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { albumRealtime, type EventItem, type MessageItem } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, FreshDataCache, http, HttpResponse } from '@momentos/api-client/testing';
import { useMessages } from '../api/use-messages';
import MessagesPage from '../messages-page';

// Issue 26: the guest's 'Recados' page (/events/share/{id}/recados).

const wedding: EventItem = { id: 'evt_1', code: 'ABCD2345', name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c', image: null };
const earlier: MessageItem = { id: 'msg_1', event_id: 'evt_1', user_id: 'Tia Rosa', text: 'Felicidades aos noivos!', audio: null, created_at: '2030-06-01T20:00:00.000Z' };
const voice: MessageItem = {
  id: 'msg_2',
  event_id: 'evt_1',
  user_id: 'Vô Zé',
  text: '',
  audio: { url: '/api/files?path=events/evt_1/messages/msg_2-aac.m4a', type: 'audio/mp4', seconds: 12, processing: false },
  created_at: '2030-06-01T21:00:00.000Z',
};

async function renderMessages(seed: { messages?: Record<string, MessageItem[]> } = {}) {
  const api = fakeApi({ events: [wedding], messages: seed.messages ?? { evt_1: [voice, earlier] } });
  const router = createMemoryAppRouter([{ path: '/events/share/:id/recados', element: <MessagesPage /> }], { path: '/events/share/evt_1/recados' });
  render(<FreshDataCache>{router.element}</FreshDataCache>);
  await act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return api;
}

// Renders under a loaded machine take seconds.
jest.setTimeout(30_000);

beforeEach(() => localStorage.clear());

describe("the guest's Recados page", () => {
  it("lists the event's messages newest first, a voice note playable with its author's name", async () => {
    await renderMessages();
    expect(screen.getByRole('heading', { name: 'Recados' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Recados dos convidados' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.guest-message__author')?.textContent)).toEqual(['Vô Zé', 'Tia Rosa']);
    expect(within(items[1]).getByText('Felicidades aos noivos!')).toBeInTheDocument();
    const player = within(items[0]).getByLabelText('Recado de voz de Vô Zé');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toContain('msg_2-aac.m4a');
  });

  it("signs with the upload name, sends the place of the guest's invite (its cookie) and shows the new message", async () => {
    localStorage.setItem('event_evt_1_userName', 'Ana');
    document.cookie = `momentos-place-evt_1=${encodeURIComponent('Mesa 5')}; path=/`;
    try {
      const api = await renderMessages({ messages: { evt_1: [earlier] } });
      expect(screen.getByLabelText('Seu nome')).toHaveValue('Ana');
      fireEvent.change(screen.getByLabelText('Seu recado'), { target: { value: 'Que festa linda!' } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar recado' }));
      expect(await screen.findByText('Recado enviado. Obrigado!')).toHaveAttribute('role', 'status');
      const [sent] = api.calls('POST', '/api/events/evt_1/messages');
      const form = await sent.request.formData();
      expect(form.get('user_id')).toBe('Ana');
      expect(form.get('text')).toBe('Que festa linda!');
      expect(form.get('place')).toBe('Mesa 5');
      expect(form.get('audio')).toBeNull();
      await waitFor(() => expect(screen.getByText('Que festa linda!')).toBeInTheDocument());
      expect(screen.getByLabelText('Seu recado')).toHaveValue('');
    } finally {
      document.cookie = 'momentos-place-evt_1=; path=/; max-age=0';
    }
  });

  it('without a place cookie no place is sent; an empty message or a missing name is refused before sending', async () => {
    const api = await renderMessages();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar recado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Digite o seu nome para assinar o recado.');
    fireEvent.change(screen.getByLabelText('Seu nome'), { target: { value: 'Rui' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar recado' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escreva um recado ou grave um recado de voz.');
    expect(api.calls('POST', '/api/events/evt_1/messages')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Seu recado'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar recado' }));
    await waitFor(() => expect(api.calls('POST', '/api/events/evt_1/messages')).toHaveLength(1));
    const form = await api.calls('POST', '/api/events/evt_1/messages')[0].request.formData();
    expect(form.get('place')).toBeNull();
    expect(localStorage.getItem('event_evt_1_userName')).toBe('Rui');
  });

  it("a gallery closed to guests shows the server's reason instead of the list; sending stays possible", async () => {
    apiServer.use(http.get('/api/events/:id/messages', () => apiError(403, 'As fotos serão reveladas pelos anfitriões.')));
    await renderMessages();
    expect(await screen.findByText('As fotos serão reveladas pelos anfitriões.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar recado' })).toBeEnabled();
  });
});

describe('useMessages, kept current by the socket', () => {
  it('a message heard while the list is still loading is not all the list: the list is asked again and keeps the earlier ones', async () => {
    // SWR drops a load's answer once its entry was changed after the request left: merging into a
    // list not loaded yet used to leave the guest with the new message alone, the others gone.
    let hear!: Parameters<typeof albumRealtime.subscribe>[1];
    const subscribe = jest.spyOn(albumRealtime, 'subscribe').mockImplementation((_id, listener) => {
      hear = listener;
      return () => {};
    });
    // What the server holds by the time the list is asked again: the new message too.
    const arrived: MessageItem = { ...earlier, id: 'msg_3', text: 'Que festa!', created_at: '2030-06-01T22:00:00.000Z' };
    fakeApi({ events: [wedding], messages: { evt_1: [arrived, voice, earlier] } });
    let first = true;
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    apiServer.use(
      http.get('/api/events/:id/messages', async () => {
        if (!first) return;
        first = false;
        await firstHeld;
        return HttpResponse.json([voice, earlier]);
      }),
    );
    try {
      const { result } = renderHook(() => useMessages('evt_1', true), { wrapper: FreshDataCache });
      await waitFor(() => expect(subscribe).toHaveBeenCalled());
      act(() => hear({ type: 'new_messages', payload: { eventId: 'evt_1', messages: [arrived] } }));
      await act(async () => answerFirst());
      await waitFor(() => expect(result.current.messages?.map((item) => item.id)).toEqual(['msg_3', 'msg_2', 'msg_1']));
    } finally {
      subscribe.mockRestore();
    }
  });
});
