import { fireEvent, render, screen } from '@testing-library/react';
import { Link, Navigate, useLocation, useNavigate, useParams } from '@momentos/design-kit';
import { createMemoryAppRouter } from '@momentos/design-kit/router';

function AlbumPage() {
  const { id } = useParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  return (
    <main>
      <h1>Álbum {id}</h1>
      <p>{(state as { from?: string } | null)?.from ?? 'sem origem'}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Voltar
      </button>
    </main>
  );
}

const routes = [
  { path: '/', element: <Link to="/albums/a1" state={{ from: 'início' }}>Abrir álbum</Link> },
  { path: '/albums/:id', element: <AlbumPage /> },
  { path: '/old', element: <Navigate to="/albums/a2" replace /> },
  { element: <p>Página não encontrada</p> },
];

describe('navigation facade', () => {
  it('a Link navigates without a reload and hands its state and the route params to the page', () => {
    const router = createMemoryAppRouter(routes, '/');
    render(router.element);
    const link = screen.getByRole('link', { name: 'Abrir álbum' });
    expect(link).toHaveAttribute('href', '/albums/a1');
    fireEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Álbum a1' })).toBeInTheDocument();
    expect(screen.getByText('início')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/albums/a1');
  });

  it('navigate(-1) goes back, Navigate redirects in place and unknown paths reach the catch-all', () => {
    const router = createMemoryAppRouter(routes, '/');
    render(router.element);
    fireEvent.click(screen.getByRole('link', { name: 'Abrir álbum' }));
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(router.location.pathname).toBe('/');

    const redirected = createMemoryAppRouter(routes, '/old');
    const { unmount } = render(redirected.element);
    expect(redirected.location.pathname).toBe('/albums/a2');
    expect(redirected.history).toEqual(['/albums/a2']);
    unmount();

    render(createMemoryAppRouter(routes, '/nada').element);
    expect(screen.getByText('Página não encontrada')).toBeInTheDocument();
  });

  it('a page outside any route says how to mount it', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<AlbumPage />)).toThrow(/outside a route/);
  });
});
