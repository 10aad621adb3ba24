import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type EventItem, type WebhookState } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, http } from '@momentos/api-client/testing';
import EventFormPage from '../../event-form/event-form-page';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 27 item 6: the 'Integrações' tab: owner only, the URL, the secret shown once, the last deliveries.

const all = ['event.view', 'event.edit', 'event.delete', 'albums.edit', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads', 'team.manage', 'integrations.manage'];
const base = { code: 'ABC', date: '2099-05-04 18:30', location: 'Recife', contact: 'ana@example.com', image: null };
const owned: EventItem = { ...base, id: 'e1', name: 'Casamento Ana & Leo', role: 'owner', permissions: all };
const coHosted: EventItem = { ...base, id: 'e3', name: 'Festa', role: 'coorganiser', permissions: all.filter((p) => !['event.delete', 'team.manage', 'integrations.manage'].includes(p)) };
const events = ['photo.created', 'photo.removed', 'message.created'] as WebhookState['events'];

const withDeliveries: WebhookState = {
  webhook: { url: 'https://hooks.example.com/momentos', created_at: '2030-01-01T10:00:00.000Z', updated_at: '2030-01-01T10:00:00.000Z' },
  events,
  deliveries: [
    { id: 'dlv_2', event_type: 'photo.removed', status: 'pending', attempts: 1, response_status: 500, error: 'HTTP 500', next_attempt_at: '2030-01-01T10:01:10.000Z', created_at: '2030-01-01T10:01:00.000Z', updated_at: '2030-01-01T10:01:00.000Z' },
    { id: 'dlv_1', event_type: 'photo.created', status: 'delivered', attempts: 1, response_status: 200, error: null, next_attempt_at: null, created_at: '2030-01-01T10:00:30.000Z', updated_at: '2030-01-01T10:00:30.000Z' },
    { id: 'dlv_0', event_type: 'photo.created', status: 'failed', attempts: 6, response_status: null, error: 'connect ECONNREFUSED', next_attempt_at: null, created_at: '2030-01-01T09:00:00.000Z', updated_at: '2030-01-01T11:00:00.000Z' },
  ],
};

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenEventListTour', 'true');
  useAuthStore.setState({ token: fakeToken() });
});

const openTab = async (user: ReturnType<typeof userEvent.setup>) => {
  renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
  await user.click(await screen.findByRole('tab', { name: 'Integrações' }));
  return screen.findByRole('heading', { name: 'Webhook do evento' });
};

describe("the 'Integrações' tab", () => {
  it('is there for the owner only', async () => {
    fakeApi({ events: [owned, coHosted], webhooks: { e1: { webhook: null, deliveries: [], events } } });
    const view = renderAt('/events/register/e3', '/events/register/:id', <EventFormPage />);
    await waitFor(() => expect(screen.getByLabelText('Nome do evento')).toHaveValue('Festa'));
    expect(screen.queryByRole('tab', { name: 'Integrações' })).not.toBeInTheDocument();
    view.unmount();
    renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
    expect(await screen.findByRole('tab', { name: 'Integrações' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Dados gerais', 'Álbuns', 'Equipe', 'Integrações']);
  });

  it('saves a URL, shows the secret once, and hides it on the next visit', async () => {
    const api = fakeApi({ events: [owned], webhooks: { e1: { webhook: null, deliveries: [], events } } });
    const user = userEvent.setup();
    await openTab(user);
    expect(screen.getByText('Foto ou vídeo recebido')).toBeInTheDocument();
    expect(screen.queryByText('Últimos envios')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Endereço do webhook (URL)'), 'https://hooks.example.com/momentos');
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    const secret = await screen.findByLabelText('Segredo');
    expect((secret as HTMLInputElement).value).toMatch(/^whsec_fake_/);
    expect(screen.getByText('Guarde este segredo agora: ele não será mostrado de novo.')).toBeInTheDocument();
    expect(await api.calls('PUT', '/api/events/e1/webhook')[0].request.json()).toEqual({ url: 'https://hooks.example.com/momentos' });
    expect(await screen.findByText('Nenhum envio ainda.')).toBeInTheDocument();

    // Another tab and back: the secret is gone (the server shows it once).
    await user.click(screen.getByRole('tab', { name: 'Dados gerais' }));
    await user.click(screen.getByRole('tab', { name: 'Integrações' }));
    await screen.findByRole('heading', { name: 'Webhook do evento' });
    expect(screen.queryByLabelText('Segredo')).not.toBeInTheDocument();
    expect(screen.getByText(/O segredo foi mostrado uma única vez/)).toBeInTheDocument();
    expect(screen.getByLabelText('Endereço do webhook (URL)')).toHaveValue('https://hooks.example.com/momentos');

    // A new secret is shown once again.
    await user.click(screen.getByRole('button', { name: 'Gerar novo segredo' }));
    const fresh = await screen.findByLabelText('Segredo');
    expect((fresh as HTMLInputElement).value).toMatch(/^whsec_fake_/);
    expect((fresh as HTMLInputElement).value).not.toBe((secret as HTMLInputElement).value);
  }, 30_000);

  it('lists the last deliveries with their status', async () => {
    fakeApi({ events: [owned], webhooks: { e1: withDeliveries } });
    const user = userEvent.setup();
    await openTab(user);
    const list = await screen.findByRole('list', { name: 'Últimos envios' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Foto ou vídeo excluído');
    expect(rows[0]).toHaveTextContent('1 tentativa(s) · HTTP 500');
    expect(rows[0]).toHaveTextContent('Aguardando nova tentativa');
    expect(rows[1]).toHaveTextContent('Entregue');
    expect(rows[1]).toHaveTextContent('HTTP 200');
    expect(rows[2]).toHaveTextContent('6 tentativa(s) · connect ECONNREFUSED');
    expect(rows[2]).toHaveTextContent('Falhou');
  });

  it("shows the server's refusal of a private address, and removes the webhook", async () => {
    const api = fakeApi({ events: [owned], webhooks: { e1: withDeliveries } });
    const user = userEvent.setup();
    await openTab(user);
    const refusal = 'O endereço 10.0.0.5 aponta para uma rede privada ou local; webhooks só podem chamar endereços públicos (WEBHOOK_ALLOW_PRIVATE permite outras redes).';
    apiServer.use(http.put('/api/events/e1/webhook', () => apiError(400, refusal)));
    const field = screen.getByLabelText('Endereço do webhook (URL)');
    await user.clear(field);
    await user.type(field, 'http://10.0.0.5/hook');
    await user.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Endereço do webhook (URL)')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Remover webhook' }));
    await waitFor(() => expect(screen.queryByText('Últimos envios')).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/api/events/e1/webhook')).toHaveLength(1);
  }, 30_000);
});
