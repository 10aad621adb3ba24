import path from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import EventFormPage from '../event-form-page';
import { expectSignInCheck, firstRenderBesidePainted, readPaintTemplate } from '../../../test-support/first-paint';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 29: the server paints the new-event form from first-paint/event-form.html (empty, the same for
// every organiser); the page's first render is the same markup, and takes it over.
const template = readPaintTemplate(path.join(__dirname, '..', 'first-paint', 'event-form.html'));

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: fakeToken() });
  fakeApi({ events: [] });
});

describe('the painted new-event form (issue 29)', () => {
  it('renders the same markup as the painted template, which is inert until then', () => {
    const { rendered, painted } = firstRenderBesidePainted(template, () => renderAt('/events/register', '/events/register', <EventFormPage />));
    // What is typed into the painted copy would be lost when the app takes over: it takes no input.
    const paintedForm = painted.querySelector('form')!;
    expect(paintedForm.hasAttribute('inert')).toBe(true);
    paintedForm.removeAttribute('inert');
    expect(rendered.outerHTML).toBe(painted.outerHTML);
  });

  it("the app's form, unlike the painted one, takes what is typed", async () => {
    renderAt('/events/register', '/events/register', <EventFormPage />);
    await userEvent.type(screen.getByLabelText('Nome do evento'), 'Casamento');
    expect(screen.getByLabelText('Nome do evento')).toHaveValue('Casamento');
    expect(document.querySelector('form')!.hasAttribute('inert')).toBe(false);
  });

  // The template's one inline script: a visitor who is not signed in goes to the entry.
  it('removes the painted view when no sign-in is stored, and keeps it when one is', () => expectSignInCheck(template));
});
