import path from 'node:path';
import { screen } from '@testing-library/react';
import { useAuthStore } from '@momentos/api-client';
import { apiServer, fakeApi, http, HttpResponse } from '@momentos/api-client/testing';
import EventListPage from '../event-list-page';
import { expectSignInCheck, firstRenderBesidePainted, readPaintTemplate } from '../../../test-support/first-paint';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 29: the server paints the event list's frame from first-paint/event-list.html (the same for
// every organiser: the server cannot read the events without the sign-in the browser keeps); the page's
// first render, while the events load, is the same markup, and takes it over.
const template = readPaintTemplate(path.join(__dirname, '..', 'first-paint', 'event-list.html'));

/** The help button's tooltip id: React's useId in the page, a fixed id in the template. */
const sameIds = (html: string) => html.replace(/(aria-describedby|id)="(?!event-list-title)[^"]*"/g, '$1="tooltip"');

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenEventListTour', 'true');
  useAuthStore.setState({ token: fakeToken() });
  fakeApi({ events: [] });
});

describe('the painted event list (issue 29)', () => {
  it('renders the same markup as the painted template while the events load', () => {
    apiServer.use(http.get('/api/events', () => new Promise<never>(() => undefined)));
    const { rendered, painted } = firstRenderBesidePainted(template, () => renderAt('/events', '/events', <EventListPage />));
    expect(sameIds(rendered.outerHTML)).toBe(sameIds(painted.outerHTML));
  });

  it('then shows the events in place of the placeholders', async () => {
    apiServer.use(http.get('/api/events', () => HttpResponse.json([])));
    renderAt('/events', '/events', <EventListPage />);
    expect(await screen.findByText('Nenhum evento encontrado :(')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando eventos…' })).not.toBeInTheDocument();
  });

  // The template's one inline script: a visitor who is not signed in goes to the entry, so the
  // painted frame must not flash on screen while the app loads.
  it('removes the painted view when no sign-in is stored, and keeps it for an organiser who is signed in', () => expectSignInCheck(template));
});
