import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { useAuthStore } from '@momentos/api-client';
import { Guarded, loadAuthGuard } from '../auth/guarded';

function token(exp: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp })}.sig`;
}

const visitEvents = () =>
  render(
    createMemoryAppRouter(
      [
        { path: '/', element: <h1>Entrada</h1> },
        { path: '/events', element: <Guarded><h1>Gerenciar eventos</h1></Guarded> },
      ],
      '/events',
    ).element,
  );

// The guard's module is loaded once per test file, as once per page: the tests run in this order.
describe('Guarded (issue 29)', () => {
  beforeEach(() => {
    const valid = token(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem('auth', valid);
    useAuthStore.setState({ token: valid });
  });

  it('before the guard is loaded: the loading screen, then the page', async () => {
    visitEvents();
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Gerenciar eventos' })).toBeInTheDocument();
    cleanup();
  });

  it('once the boot has loaded the guard: the page in the first render, no loading step for a Suspense throttle to hold back', async () => {
    await loadAuthGuard();
    visitEvents();
    expect(screen.getByRole('heading', { name: 'Gerenciar eventos' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it('still sends a visitor without a usable sign-in to the entry', async () => {
    localStorage.clear();
    useAuthStore.setState({ token: null });
    visitEvents();
    expect(await screen.findByRole('heading', { name: 'Entrada' })).toBeInTheDocument();
  });
});
