import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pages } from '../routes';

describe('guest remote contract (./routes)', () => {
  it('exposes exactly the pages the shell routes to it', () => {
    expect(Object.keys(pages).sort()).toEqual(['invite', 'upload', 'welcome']);
  });

  it.each([
    ['welcome', 'Álbuns de Fotos'],
    ['upload', 'Registrar momento'],
  ])('loads the %s page on demand', async (name, heading) => {
    const { default: Page } = await pages[name]();
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('shows the loading state while an invite resolves', async () => {
    const { default: Page } = await pages.invite();
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Abrindo convite...');
  });
});
