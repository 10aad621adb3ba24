import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { fakeApi, FreshDataCache } from '@momentos/api-client/testing';
import WelcomePage from '../welcome-page';

// Issue 29: on a first visit nothing the welcome does not show competes with its card on the link:
// the album list's code is fetched at the guest's first touch, not as soon as the welcome is on screen.

const mockAlbumListLoaded = jest.fn();
jest.mock('../album-list', () => {
  mockAlbumListLoaded();
  return jest.requireActual('../album-list');
});

it('loads the album list at the first touch on the welcome, not before', async () => {
  fakeApi({ events: [{ id: 'evt_1', code: 'ABCD2345', name: 'Festa', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c', image: null }], albums: { evt_1: [] } });
  const router = createMemoryAppRouter([{ path: '/events/share/:id', element: <WelcomePage /> }], { path: '/events/share/evt_1' });
  render(<FreshDataCache>{router.element}</FreshDataCache>);
  expect(await screen.findByRole('button', { name: 'Registrar um momento' })).toBeInTheDocument();
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(mockAlbumListLoaded).not.toHaveBeenCalled();

  // The press that comes before the tap's click.
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Registrar um momento' }));
  await act(async () => undefined);
  expect(mockAlbumListLoaded).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('button', { name: 'Registrar um momento' }));
  expect(await screen.findByText('Nenhum álbum encontrado')).toBeInTheDocument();
  expect(mockAlbumListLoaded).toHaveBeenCalledTimes(1);
});
