import { render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { FreshDataCache } from '@momentos/api-client/testing';
import { galleryApi } from '../features/gallery/__tests__/gallery-test-kit';
import { pages } from '../routes';

describe('gallery remote contract (./routes)', () => {
  it('exposes the gallery page, loaded on demand', async () => {
    galleryApi([]);
    expect(Object.keys(pages)).toEqual(['gallery', 'event-photos', 'wall']);
    const { default: Page } = await pages.gallery();
    render(
      <FreshDataCache>
        {createMemoryAppRouter([{ path: '/events/share/albums/:id', element: <Page /> }], '/events/share/albums/a1').element}
      </FreshDataCache>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Galeria de fotos');
    expect(await screen.findByText('Nenhuma foto encontrada')).toBeInTheDocument();
  });

  it("exposes the organiser's photo screen (issue 11)", async () => {
    galleryApi([]);
    const { default: Page } = await pages['event-photos']();
    render(
      <FreshDataCache>{createMemoryAppRouter([{ path: '/events/:id/photos', element: <Page /> }], '/events/ev1/photos').element}</FreshDataCache>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Fotos do evento');
    expect(await screen.findByText('Nenhuma foto encontrada')).toBeInTheDocument();
  });
});
