import { render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import type { EventItem } from '@momentos/api-client';
import { fakeApi, FreshDataCache } from '@momentos/api-client/testing';
import InvitePage from '../invite-page';

const party: EventItem = { id: 'evt_9', code: 'ABCD2345', name: 'Festa da Ana', date: '2030-01-01 20:00', location: 'Recife', contact: 'a@b.c', image: null };

function renderInvite(events: EventItem[]) {
  const api = fakeApi({ events });
  const router = createMemoryAppRouter(
    [
      { path: '/invite/:code', element: <InvitePage /> },
      { path: '/events/share/:id', element: <h1>Boas-vindas</h1> },
      { path: '/', element: <h1>Entrada</h1> },
    ],
    '/invite/ABCD2345',
  );
  render(
    <FreshDataCache>
      {router.element}
    </FreshDataCache>,
  );
  return { api, router };
}

beforeEach(() => localStorage.clear());

describe('invite resolution (spec §2)', () => {
  it('stores the code as the shared event and goes to the event found', async () => {
    const { api, router } = renderInvite([party]);
    expect(screen.getByRole('status')).toHaveTextContent('Abrindo convite...');
    expect(await screen.findByRole('heading', { name: 'Boas-vindas' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/events/share/evt_9');
    expect(router.location.state).toEqual({ eventName: 'Festa da Ana' });
    expect(localStorage.getItem('shared')).toBe('ABCD2345');
    expect(api.requests[0]).toMatchObject({ method: 'GET', path: '/api/invite/search' });
    expect(api.requests[0].query.get('code')).toBe('ABCD2345');
  });

  it('goes to / when no event has that code', async () => {
    const { router } = renderInvite([]);
    expect(await screen.findByRole('heading', { name: 'Entrada' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
  });
});
