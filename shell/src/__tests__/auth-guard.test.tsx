import { cleanup, render, screen } from '@testing-library/react';
import { resetFirstPaintForTests } from '@momentos/design-kit';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { http, useAuthStore } from '@momentos/api-client';
import { AuthGuard } from '../auth/auth-guard';

function token(exp: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp })}.sig`;
}

function visitEvents() {
  const router = createMemoryAppRouter(
    [
      { path: '/', element: <h1>Entrada</h1> },
      { path: '/events', element: <AuthGuard><h1>Gerenciar eventos</h1></AuthGuard> },
    ],
    '/events',
  );
  render(router.element);
  return router;
}

describe('AuthGuard (spec §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ token: null });
    delete http.defaults.headers.common.authentication;
  });

  it('shows the organiser page with a valid token and sends it as the authentication header', async () => {
    const valid = token(Math.floor(Date.now() / 1000) + 3600);
    localStorage.setItem('auth', valid);
    useAuthStore.setState({ token: valid });
    visitEvents();
    expect(await screen.findByRole('heading', { name: 'Gerenciar eventos' })).toBeInTheDocument();
    expect(http.defaults.headers.common.authentication).toBe(valid);
  });

  it.each([
    ['missing', null],
    ['undecodable', 'garbage'],
    ['expired', token(Math.floor(Date.now() / 1000) - 5)],
  ])('sends the visitor to / and removes a %s token', async (_case, stored) => {
    if (stored) {
      localStorage.setItem('auth', stored);
      useAuthStore.setState({ token: stored });
    }
    const router = visitEvents();
    expect(await screen.findByRole('heading', { name: 'Entrada' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('removes the painted event list when the stored token has expired, and keeps it for a valid one', async () => {
    const paint = () => {
      const painted = document.createElement('div');
      painted.id = 'first-paint';
      painted.innerHTML = '<h2>Meus eventos</h2>';
      const data = document.createElement('script');
      data.type = 'application/json';
      data.id = 'first-paint-data';
      data.textContent = JSON.stringify({ remote: 'organiser_remote', page: 'event-list', data: {} });
      document.body.append(painted, data);
      return () => {
        painted.remove();
        data.remove();
      };
    };
    resetFirstPaintForTests();
    const unpaint = paint();
    try {
      const expired = token(Math.floor(Date.now() / 1000) - 5);
      localStorage.setItem('auth', expired);
      useAuthStore.setState({ token: expired });
      visitEvents();
      expect(await screen.findByRole('heading', { name: 'Entrada' })).toBeInTheDocument();
      expect(document.getElementById('first-paint')).toBeNull();
    } finally {
      unpaint();
    }
    cleanup();
    resetFirstPaintForTests();
    const unpaintAgain = paint();
    try {
      const valid = token(Math.floor(Date.now() / 1000) + 3600);
      useAuthStore.setState({ token: valid });
      visitEvents();
      expect(await screen.findByRole('heading', { name: 'Gerenciar eventos' })).toBeInTheDocument();
      // The page's own render takes it over (the shell's RemotePage); the guard leaves it.
      expect(document.getElementById('first-paint')).not.toBeNull();
    } finally {
      unpaintAgain();
    }
  });
});
