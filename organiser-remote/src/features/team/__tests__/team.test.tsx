import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore, type EventItem, type Team } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import EventFormPage from '../../event-form/event-form-page';
import EventListPage from '../../event-list/event-list-page';
import TeamInvitePage from '../team-invite-page';
import { mayOn, teamRoleLine } from '../team-rules';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 27: the 'Equipe' tab, the role of a member's events, and the invite link's page.

const all = ['event.view', 'event.edit', 'event.delete', 'albums.edit', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads', 'team.manage', 'integrations.manage'];
const base = { code: 'ABC', date: '2099-05-04 18:30', location: 'Recife', contact: 'ana@example.com', image: null };
const owned: EventItem = { ...base, id: 'e1', name: 'Casamento Ana & Leo', role: 'owner', permissions: all };
const moderated: EventItem = { ...base, id: 'e2', name: 'Formatura', role: 'moderator', permissions: ['event.view', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads'] };
const coHosted: EventItem = { ...base, id: 'e3', name: 'Festa', role: 'coorganiser', permissions: all.filter((p) => !['event.delete', 'team.manage', 'integrations.manage'].includes(p)) };

const team: Team = {
  owner: { organiser_id: 'org_1', name: 'Ana', email: 'ana@example.com' },
  members: [{ organiser_id: 'org_2', name: 'Rui', email: 'rui@example.com', role: 'moderator', since: '2030-01-01T00:00:00.000Z' }],
  invites: [],
};

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenEventListTour', 'true');
  useAuthStore.setState({ token: fakeToken() });
});

describe('team rules', () => {
  it('reads the permissions; an event without a role is the caller’s own', () => {
    expect(mayOn(moderated, 'event.edit')).toBe(false);
    expect(mayOn(moderated, 'photos.moderate')).toBe(true);
    expect(mayOn({ permissions: undefined }, 'event.delete')).toBe(true);
    expect(teamRoleLine(coHosted)).toBe('Coorganizador de Festa');
    expect(teamRoleLine(owned)).toBeNull();
  });
});

describe('the event list of a team member', () => {
  it('shows the role and only the options the role allows', async () => {
    fakeApi({ events: [owned, moderated, coHosted] });
    const user = userEvent.setup();
    renderAt('/events', '/events', <EventListPage />);
    expect(await screen.findByText('Moderador de Formatura')).toBeInTheDocument();
    expect(screen.getByText('Coorganizador de Festa')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Opções do evento Formatura' }));
    let menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Compartilhar', 'Fotos', 'Telão']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Opções do evento Festa' }));
    menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Compartilhar', 'Fotos', 'Telão', 'Imprimir QR', 'Editar']);
  });
});

describe("the 'Equipe' tab", () => {
  it('is there for the owner only', async () => {
    fakeApi({ events: [owned, coHosted], teams: { e1: team } });
    const view = renderAt('/events/register/e3', '/events/register/:id', <EventFormPage />);
    await waitFor(() => expect(screen.getByLabelText('Nome do evento')).toHaveValue('Festa'));
    expect(screen.queryByRole('tab', { name: 'Equipe' })).not.toBeInTheDocument();
    view.unmount();
    renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
    expect(await screen.findByRole('tab', { name: 'Equipe' })).toBeInTheDocument();
  });

  it('lists the team, invites with a role and shows the link to copy, removes a member', async () => {
    const api = fakeApi({ events: [owned], teams: { e1: team } });
    const user = userEvent.setup();
    renderAt('/events/register/e1', '/events/register/:id', <EventFormPage />);
    await user.click(await screen.findByRole('tab', { name: 'Equipe' }));
    expect(await screen.findByText('Rui')).toBeInTheDocument();
    expect(screen.getByText('Moderador · rui@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Convidar pessoa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Convidar pessoa' });
    await user.click(within(dialog).getByRole('radio', { name: /Coorganizador/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar convite' }));
    const link = await within(dialog).findByLabelText('Link do convite');
    expect((link as HTMLInputElement).value).toMatch(/^http:\/\/localhost\/equipe\/token-inv_/);
    expect(await api.calls('POST', '/api/events/e1/team/invites')[0].request.json()).toEqual({ role: 'coorganiser' });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(await screen.findByText('Convites em aberto')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remover Rui da equipe' }));
    await waitFor(() => expect(screen.queryByText('Rui')).not.toBeInTheDocument());
    expect(api.calls('DELETE', '/api/events/e1/team/members/org_2')).toHaveLength(1);
  }, 30_000);
});

describe('the invite link page', () => {
  const preview = { event_name: 'Casamento Ana & Leo', role: 'moderator' as const, invited_by: 'Ana', expires_at: '2030-01-08T10:00:00.000Z' };
  const renderInvite = (token = 'tok-abcdefghijklmnop') => renderAt(`/equipe/${token}`, '/equipe/:token', <TeamInvitePage />);

  it('a signed-in organiser accepts and goes to their events', async () => {
    const api = fakeApi({ teamInvites: { 'tok-abcdefghijklmnop': { eventId: 'e1', preview, accountToken: fakeToken() } } });
    const user = userEvent.setup();
    renderInvite();
    expect(await screen.findByText('Ana convidou você para ser Moderador de Casamento Ana & Leo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events'));
    expect(api.calls('POST', '/api/team-invites/tok-abcdefghijklmnop/accept')[0].request.headers.get('authentication')).toBe(useAuthStore.getState().token);
  });

  it('without an account: creates one from the link and is signed in', async () => {
    useAuthStore.setState({ token: null });
    const accountToken = fakeToken();
    fakeApi({ teamInvites: { 'tok-abcdefghijklmnop': { eventId: 'e1', preview, accountToken } } });
    const user = userEvent.setup();
    renderInvite();
    await user.click(await screen.findByRole('button', { name: 'Criar conta' }));
    await user.click(screen.getAllByRole('button', { name: 'Criar conta' }).at(-1)!);
    expect(screen.getByText('Por favor, informe seu nome.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Seu nome'), 'Rui');
    await user.type(screen.getByLabelText('E-mail'), 'rui@example.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-segura-1');
    await user.click(screen.getAllByRole('button', { name: 'Criar conta' }).at(-1)!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/events'));
    expect(useAuthStore.getState().token).toBe(accountToken);
  });

  it('an invalid link says so', async () => {
    fakeApi({});
    renderInvite('tok-gone-abcdefghijkl');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Este convite não é mais válido/);
  });
});
