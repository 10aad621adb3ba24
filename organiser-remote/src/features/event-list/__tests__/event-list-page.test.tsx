import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type EventItem } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, http, HttpResponse } from '@momentos/api-client/testing';
import { notify } from '@momentos/design-kit';
import EventListPage from '../event-list-page';
import { fakeToken, renderAt } from '../../../test-support/render';

jest.mock('@momentos/design-kit', () => ({
  ...jest.requireActual('@momentos/design-kit'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const events: EventItem[] = [
  {
    id: 'e1',
    code: 'ABC123',
    name: 'Casamento Ana e Bia',
    date: '2099-12-31 18:30',
    location: 'Recife',
    contact: 'a@b.c',
    image: '/api/files?path=e1.png',
    image_card: '/api/files?path=e1-card.jpg',
    image_avif_srcset: '/api/files?path=e1-card-w720.avif 720w, /api/files?path=e1-card-w1080.avif 1080w',
    ...{ photo_count: 128, video_count: 9, guest_count: 23, bytes: 1_000_000 },
  },
  { id: 'e2', code: 'DEF456', name: 'Formatura', date: '2001-02-03 04:05', location: 'Olinda', contact: 'a@b.c', image: null },
];

const renderList = () => renderAt('/events', '/events', <EventListPage />);

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenEventListTour', 'true');
  useAuthStore.setState({ token: fakeToken() });
  api = fakeApi({ events });
});

describe('event list', () => {
  it('shows its header and placeholders for the counts and the rows while the list loads', async () => {
    apiServer.use(http.get('/api/events', () => new Promise<never>(() => undefined)));
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Gerenciar eventos' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Carregando eventos…' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Próximos').nextElementSibling).toHaveTextContent('');
    expect(screen.queryByRole('list', { name: 'Lista de eventos' })).not.toBeInTheDocument();
    expect(screen.queryByText('Nenhum evento encontrado :(')).not.toBeInTheDocument();
  });

  it('shows the header, the page header with help, the counters and the rows', async () => {
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Gerenciar eventos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajuda' })).toHaveAccessibleDescription('Iniciar tour de ajuda');
    expect(screen.getByText('Próximos').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Finalizados').nextElementSibling).toHaveTextContent('1');
    const rows = within(screen.getByRole('list', { name: 'Lista de eventos' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Casamento Ana e Bia')).toBeInTheDocument();
    expect(within(rows[0]).getByText('128 fotos · 9 vídeos · 23 convidados')).toBeInTheDocument();
    expect(within(rows[0]).getByText('31/12/2099 18:30')).toBeInTheDocument();
    const image = within(rows[0]).getByRole('img', { name: 'Imagem do evento Casamento Ana e Bia' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '64');
    // Issue 29: a row shows the image's AVIF copies or its card, never the original the phone sent.
    expect(image.getAttribute('src')).toMatch(/\/api\/files\?path=e1-card\.jpg$/);
    const avif = image.parentElement!.querySelector('source');
    expect(avif).toHaveAttribute('type', 'image/avif');
    expect(avif).toHaveAttribute('srcset', '/api/files?path=e1-card-w720.avif 720w, /api/files?path=e1-card-w1080.avif 1080w');
    expect(avif).toHaveAttribute('sizes', '64px');
    expect(within(rows[1]).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the original image of an event from a server that sends no card', async () => {
    api.data.events = [{ ...api.data.events[0], image_card: undefined, image_avif_srcset: undefined }];
    renderList();
    const image = await screen.findByRole('img', { name: 'Imagem do evento Casamento Ana e Bia' });
    expect(image.getAttribute('src')).toMatch(/\/api\/files\?path=e1\.png$/);
    expect(image.parentElement!.querySelector('source')).toBeNull();
  });

  it("shows 'Nenhum evento encontrado :(' when there is no event", async () => {
    api.data.events = [];
    renderList();
    expect(await screen.findByText('Nenhum evento encontrado :(')).toBeInTheDocument();
  });

  it('toasts the error and shows the empty state when the list fails', async () => {
    apiServer.use(http.get('/api/events', () => HttpResponse.error()));
    renderList();
    expect(await screen.findByText('Nenhum evento encontrado :(')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Um erro inesperado ocorreu. Por favor, se persistir contate o suporte');
  });

  it('each row has a dropdown with Compartilhar, Fotos, Telão, Editar (to the edit form) and Excluir, closed by Escape', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Opções do evento Casamento Ana e Bia' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Compartilhar', 'Fotos', 'Telão', 'Imprimir QR', 'Editar', 'Excluir']);
    expect(within(menu).getByRole('menuitem', { name: 'Telão' })).toHaveAttribute('href', '/events/e1/wall');
    expect(within(menu).getByRole('menuitem', { name: 'Imprimir QR' })).toHaveAttribute('href', '/events/e1/imprimir');
    expect(within(menu).getByRole('menuitem', { name: 'Fotos' })).toHaveAttribute('href', '/events/e1/photos');
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toHaveAttribute('href', '/events/register/e1');
    expect(within(menu).getByRole('menuitem', { name: 'Compartilhar' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Fotos' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opções do evento Casamento Ana e Bia' })).toHaveFocus();
  });

  it("'Sair' ends the session on the server, removes the stored auth and goes to /", async () => {
    const user = userEvent.setup();
    localStorage.setItem('auth', 'x');
    const token = fakeToken();
    useAuthStore.setState({ token });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(localStorage.getItem('auth')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await waitFor(() => expect(api.requests.map((entry) => `${entry.method} ${entry.path}`)).toContain('POST /api/auth/logout'));
    const ended = api.requests.find((entry) => entry.path === '/api/auth/logout')!;
    expect(ended.request.headers.get('authentication')).toBe(token);
  });

  it("'Novo' goes to the create form", async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/events/register');
  });
});

describe('delete dialog', () => {
  async function openDelete() {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Opções do evento Formatura' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    return user;
  }

  it("asks with the exact text, 'Cancelar' closes it", async () => {
    const user = await openDelete();
    const dialog = screen.getByRole('dialog', { name: 'Excluir evento' });
    expect(within(dialog).getByText('Você deseja realmente excluir este evento? Lembre-se que esta ação é irreversível.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
  });

  it('on success closes, toasts, removes the row and asks for the list again', async () => {
    const user = await openDelete();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/api/events/e2')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET', '/api/events')).toHaveLength(2));
    expect(notify.success).toHaveBeenCalledWith('Evento excluído: O evento foi excluído com sucesso.');
    expect(screen.queryByText('Formatura')).not.toBeInTheDocument();
    expect(screen.getByText('Finalizados').nextElementSibling).toHaveTextContent('0');
  });

  it('on failure toasts the §8 error and keeps the row', async () => {
    apiServer.use(http.delete('/api/events/:id', () => apiError(500, '')));
    const user = await openDelete();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Erro na exclusão: Um erro inesperado ocorreu na exclusão do evento. Por favor, contate o suporte.'),
    );
    expect(screen.getByText('Formatura')).toBeInTheDocument();
  });
});

describe('share dialog', () => {
  async function openShare() {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Opções do evento Casamento Ana e Bia' }));
    await user.click(screen.getByRole('menuitem', { name: 'Compartilhar' }));
    return user;
  }

  it('shows a loading placeholder, then the QR, the WhatsApp link and the warning', async () => {
    await openShare();
    const dialog = screen.getByRole('dialog', { name: 'Compartilhar evento' });
    expect(within(dialog).getByRole('status', { name: 'Carregando QR code…' })).toBeInTheDocument();
    const qr = await within(dialog).findByRole('img', { name: 'QR code do convite do evento Casamento Ana e Bia' });
    expect(api.calls('GET', '/api/events/share/ABC123')).toHaveLength(1);
    expect(qr).toHaveAttribute('src', '/api/files?path=events/e1/qrcode.png');
    act(() => {
      qr.dispatchEvent(new Event('load'));
    });
    expect(within(dialog).queryByRole('status', { name: 'Carregando QR code…' })).not.toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Compartilhar' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(`${window.location.origin}/invite/ABC123`);
    expect(within(dialog).getByText(/qualquer pessoa com este link pode enviar fotos/)).toBeInTheDocument();
  });


  it('copies, shows and then hides the copied message', async () => {
    const user = await openShare();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/ABC123`);
    expect(await screen.findByText('Link copiado com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Link copiado com sucesso')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it("'Baixar' saves the QR as qrcode-evento-<id>.png; failures are only logged", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:qr');
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = await openShare();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    act(() => {
      qr.dispatchEvent(new Event('load'));
    });
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toMatch(/^qrcode-evento-[a-z0-9]+\.png$/);
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(api.calls('GET', '/api/files').at(-1)?.query.get('path')).toBe('events/e1/qrcode.png');

    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    apiServer.use(http.get('/api/files', () => apiError(500, 'x')));
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(clicked).toHaveLength(1);
    expect(notify.error).not.toHaveBeenCalled();
    click.mockRestore();
    error.mockRestore();
  });
});

describe('event list tour', () => {
  it('starts once per browser 1 s after the first load, with its 5 steps', async () => {
    localStorage.removeItem('hasSeenEventListTour');
    renderList();
    await screen.findByRole('heading', { name: 'Gerenciar eventos' });
    expect(screen.queryByText('Gerenciamento de Eventos')).not.toBeInTheDocument();
    expect(await screen.findByText('Gerenciamento de Eventos', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Passo 1 de 5')).toBeInTheDocument();
    expect(localStorage.getItem('hasSeenEventListTour')).toBe('true');
  });

  it("starts again from 'Ajuda'", async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Ajuda' }));
    expect(await screen.findByText('Gerenciamento de Eventos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Próximos Eventos')).toBeInTheDocument();
    expect(screen.getByText('Passo 2 de 5')).toBeInTheDocument();
  });
});
