import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pages } from '../routes';

async function renderPage(name: string) {
  const { default: Page } = await pages[name]();
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

describe('organiser remote contract (./routes)', () => {
  it('exposes exactly the pages the shell routes to it', () => {
    expect(Object.keys(pages).sort()).toEqual(['entry', 'event-form', 'event-list']);
  });

  it.each([
    ['entry', 'Momentos'],
    ['event-list', 'Gerenciar eventos'],
    ['event-form', 'Dados gerais'],
  ])('loads the %s page on demand', async (name, heading) => {
    await renderPage(name);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });
});
