import { render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { remotes } from '@momentos/app-manifest';
import { pages } from '../routes';

describe('organiser remote contract (./routes)', () => {
  it('exposes exactly the pages the app manifest names for it', () => {
    expect(Object.keys(pages).sort()).toEqual(['account', 'entry', 'event-form', 'event-list', 'password-reset', 'print-kit', 'team-invite']);
    expect(Object.keys(pages).sort()).toEqual([...remotes.organiser_remote.pages].sort());
  });

  it.each([...remotes.organiser_remote.pages])('loads the %s page on demand', async (name) => {
    const { default: Page } = await pages[name]();
    expect(typeof Page).toBe('function');
  });

  it('the entry page renders its heading', async () => {
    const { default: Page } = await pages.entry();
    render(createMemoryAppRouter([{ path: '/', element: <Page /> }], '/').element);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Momentos');
  });
});
