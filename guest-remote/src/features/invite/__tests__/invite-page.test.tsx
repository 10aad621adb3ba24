import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fakeApi } from '../../../test-support/fake-api';
import InvitePage from '../invite-page';

function renderInvite(found: unknown[]) {
  const api = fakeApi({ 'GET /api/invite/search': () => ({ status: 200, data: found }) });
  const router = createMemoryRouter(
    [
      { path: '/invite/:code', element: <InvitePage /> },
      { path: '/events/share/:id', element: <h1>Boas-vindas</h1> },
      { path: '/', element: <h1>Entrada</h1> },
    ],
    { initialEntries: ['/invite/ABCD2345'] },
  );
  render(<RouterProvider router={router} />);
  return { api, router };
}

let restore: (() => void) | undefined;
afterEach(() => restore?.());
beforeEach(() => localStorage.clear());

describe('invite resolution (spec §2)', () => {
  it('stores the code as the shared event and goes to the event found', async () => {
    const { api, router } = renderInvite([{ id: 'evt_9', name: 'Festa da Ana' }]);
    restore = api.restore;
    expect(screen.getByRole('status')).toHaveTextContent('Abrindo convite...');
    expect(await screen.findByRole('heading', { name: 'Boas-vindas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events/share/evt_9');
    expect(localStorage.getItem('shared')).toBe('ABCD2345');
    expect(api.calls[0]).toMatchObject({ method: 'GET', url: '/api/invite/search' });
  });

  it('goes to / when no event has that code', async () => {
    const { api, router } = renderInvite([]);
    restore = api.restore;
    expect(await screen.findByRole('heading', { name: 'Entrada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
