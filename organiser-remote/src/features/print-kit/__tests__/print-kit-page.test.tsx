import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type EventItem } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, http } from '@momentos/api-client/testing';
import { notify } from '@momentos/design-kit';
import PrintKitPage from '../print-kit-page';
import { fakeToken, renderAt } from '../../../test-support/render';

jest.mock('@momentos/design-kit', () => ({
  ...jest.requireActual('@momentos/design-kit'),
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const event: EventItem = {
  ...{ id: 'e1', code: 'ABC123', name: 'Casamento de Conceição', date: '2030-06-01 18:30', location: 'Recife', contact: 'a@b.c' },
  ...{ image: '/api/files?path=e1.png', image_card: '/api/files?path=e1-card.jpg', image_avif_srcset: '/api/files?path=e1-card-w720.avif 720w' },
};

const renderPage = () => renderAt('/events/e1/imprimir', '/events/:id/imprimir', <PrintKitPage />);

let clicked: string[];
beforeEach(() => {
  useAuthStore.setState({ token: fakeToken() });
  fakeApi({ events: [event] });
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
});
afterEach(() => jest.restoreAllMocks());

const sheet = () => screen.getByRole('img', { name: /Página 1 de/ });
const items = () => Array.from(sheet().querySelectorAll<HTMLElement>('.print-sheet__item'));

test('cards by default: a page of four cards of the invite, each with the name, date, link and instruction', async () => {
  renderPage();
  expect(await screen.findByRole('radio', { name: /Cartões de mesa/ })).toBeChecked();
  expect(screen.getByText('1 código em 1 página')).toBeInTheDocument();
  expect(items()).toHaveLength(4);
  const first = within(items()[0]);
  expect(first.getByText('Casamento de Conceição')).toBeInTheDocument();
  expect(first.getByText('01/06/2030 18:30')).toBeInTheDocument();
  expect(first.getByText('localhost/invite/ABC123')).toBeInTheDocument();
  expect(first.getByText('Aponte a câmera do celular para o QR code e envie suas fotos e vídeos')).toBeInTheDocument();
  expect(await first.findByRole('img', { name: 'QR code do convite' })).toBeInTheDocument();
  // The event's image as the PDF prints it: the card's crop (its AVIF copies on screen), not the original.
  const image = items()[0].querySelector('img.print-sheet__image')!;
  expect(image.getAttribute('src')).toMatch(/\/api\/files\?path=e1-card\.jpg$/);
  expect(image.parentElement!.querySelector('source')).toHaveAttribute('srcset', '/api/files?path=e1-card-w720.avif 720w');
});

test('numbered tables and named places: one code each, the preview shows the first page, the PDF asked with a ticket', async () => {
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.click(await screen.findByRole('checkbox', { name: 'Mesas numeradas' }));
  const to = screen.getByLabelText('até a mesa');
  await user.clear(to);
  await user.type(to, '5');
  await user.type(screen.getByLabelText('Locais com nome'), 'Pista, Cabine de fotos');
  expect(screen.getByText('7 códigos em 2 páginas')).toBeInTheDocument();
  expect(items().map((item) => item.dataset.place)).toEqual(['Mesa 1', 'Mesa 2', 'Mesa 3', 'Mesa 4']);
  expect(await within(items()[0]).findByRole('img', { name: 'QR code de Mesa 1' })).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: /Adesivos/ }));
  expect(items().map((item) => item.dataset.place)).toEqual(['Mesa 1', 'Mesa 2', 'Mesa 3', 'Mesa 4', 'Mesa 5', 'Pista', 'Cabine de fotos']);
  expect(screen.getByText('7 códigos em 1 página')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
  await waitFor(() => expect(clicked).toHaveLength(1));
  const url = new URL(clicked[0]);
  expect(url.pathname).toBe('/api/events/e1/printables.pdf');
  expect(Object.fromEntries(url.searchParams)).toEqual({ ticket: 'kit-ticket', kind: 'stickers', tables: '1-5', places: 'Pista,Cabine de fotos' });
}, 30_000);

test('a bad range is explained and the PDF cannot be asked for', async () => {
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.click(await screen.findByRole('checkbox', { name: 'Mesas numeradas' }));
  await user.clear(screen.getByLabelText('Da mesa'));
  await user.type(screen.getByLabelText('Da mesa'), '30');
  expect(screen.getByRole('alert')).toHaveTextContent('Informe um intervalo de mesas válido, por exemplo de 1 a 20.');
  expect(screen.getByRole('button', { name: 'Baixar PDF' })).toBeDisabled();
  expect(screen.queryByRole('img', { name: /Página 1 de/ })).not.toBeInTheDocument();
}, 30_000);

test('a refused ticket shows a toast and downloads nothing', async () => {
  apiServer.use(http.post('/api/events/:id/printables-ticket', () => apiError(500, 'Erro')));
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
  await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Não foi possível gerar o PDF. Tente novamente.'));
  expect(clicked).toEqual([]);
});

test('an unknown event says so', async () => {
  renderAt('/events/nope/imprimir', '/events/:id/imprimir', <PrintKitPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Evento não encontrado.');
});
