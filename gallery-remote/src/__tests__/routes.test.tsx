import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pages } from '../routes';

describe('gallery remote contract (./routes)', () => {
  it('exposes the gallery page, loaded on demand', async () => {
    expect(Object.keys(pages)).toEqual(['gallery']);
    const { default: Page } = await pages.gallery();
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Galeria de fotos');
  });
});
