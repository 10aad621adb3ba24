import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { mockApi } from '../features/gallery/__tests__/gallery-test-kit';
import { pages } from '../routes';

jest.mock('@momentos/api-client', () => jest.requireActual('../features/gallery/__tests__/gallery-test-kit').apiClientMock());

describe('gallery remote contract (./routes)', () => {
  it('exposes the gallery page, loaded on demand', async () => {
    mockApi([]);
    expect(Object.keys(pages)).toEqual(['gallery']);
    const { default: Page } = await pages.gallery();
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Galeria de fotos');
    expect(await screen.findByText('Nenhuma foto encontrada')).toBeInTheDocument();
  });
});
