import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import EntryPage from '../../entry/entry-page';
import AccountPage from '../account-page';
import PasswordResetPage from '../password-reset-page';
import { validateAccountDetails, validateNewPassword } from '../password-rules';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 27 item 4: 'Esqueci minha senha', the reset link's page and 'Minha conta'.
// Typing through user-event is slow on a shared 2-core machine: the forms' tests get 30 s.
jest.setTimeout(30_000);

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('hasSeenEventListTour', 'true');
  useAuthStore.setState({ token: null });
});

describe('password rules', () => {
  it('asks for 8 characters or more, typed twice the same', () => {
    expect(validateNewPassword({ password: 'curta', confirm: 'curta' })).toEqual({ password: 'A senha precisa ter pelo menos 8 caracteres.' });
    expect(validateNewPassword({ password: 'senha-longa', confirm: 'outra-senha' })).toEqual({ confirm: 'As senhas não são iguais.' });
    expect(validateNewPassword({ password: 'senha-longa', confirm: 'senha-longa' })).toEqual({});
  });

  it("'Seus dados' needs the current password only when the e-mail changes", () => {
    const saved = 'ana@example.com';
    expect(validateAccountDetails({ name: 'Ana', email: ' ANA@example.com ', currentPassword: '' }, saved)).toEqual({});
    expect(validateAccountDetails({ name: 'Ana', email: 'nova@example.com', currentPassword: '' }, saved)).toEqual({ currentPassword: 'Informe sua senha atual.' });
    expect(validateAccountDetails({ name: ' ', email: 'x', currentPassword: '' }, saved)).toEqual({ name: 'Por favor, informe seu nome.', email: 'Por favor, informe um e-mail válido' });
  });
});

describe("'Esqueci minha senha' on the login form", () => {
  async function openForgot() {
    const user = userEvent.setup();
    renderAt('/', '/', <EntryPage />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    return user;
  }

  it('sends the e-mail typed on the login form and shows the same answer for any address', async () => {
    const api = fakeApi({ mail: true });
    const user = await openForgot();
    expect(screen.getByRole('heading', { name: 'Redefinir a senha' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText(/^Se houver uma conta com este e-mail, enviamos um link/)).toHaveAttribute('role', 'status');
    expect(await api.calls('POST', '/api/auth/forgot')[0].request.json()).toEqual({ email: 'ana@example.com' });
    await user.click(screen.getByRole('button', { name: 'Voltar ao login' }));
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('without e-mail on the server, says to ask its administrator', async () => {
    fakeApi({ mail: false });
    const user = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('heading', { name: 'Peça ajuda ao administrador' })).toBeInTheDocument();
    expect(screen.getByText(/Peça ao administrador do servidor o link para redefinir sua senha/)).toHaveAttribute('role', 'status');
  });

  it('checks the e-mail before asking', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderAt('/', '/', <EntryPage />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(screen.getByRole('button', { name: 'Esqueci minha senha' }));
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(expect.stringContaining('Por favor, informe um e-mail válido'));
    expect(api.calls('POST', '/api/auth/forgot')).toHaveLength(0);
  });
});

describe('the reset link’s page', () => {
  it('sets a new password once, forgets this browser’s session and goes to the login', async () => {
    useAuthStore.setState({ token: fakeToken() });
    const api = fakeApi({ passwordResets: { 'token-de-teste-123456': { email: 'ana@example.com' } }, account: { id: 'org_1', name: 'Ana', email: 'ana@example.com', password: 'antiga-senha' } });
    const user = userEvent.setup();
    renderAt('/redefinir-senha/token-de-teste-123456', '/redefinir-senha/:token', <PasswordResetPage />);
    expect(await screen.findByText(/Nova senha para ana@example.com/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Nova senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(expect.stringContaining('A senha precisa ter pelo menos 8 caracteres.'));
    await user.clear(screen.getByLabelText('Nova senha'));
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-da-ana');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'senha-nova-da-ana');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));

    await waitFor(() => expect(location()).toBe('/'));
    expect(await api.calls('POST', '/api/auth/reset/token-de-teste-123456')[0].request.json()).toEqual({ password: 'senha-nova-da-ana' });
    expect(api.data.account?.password).toBe('senha-nova-da-ana');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('a used or expired link says so and leads to the login', async () => {
    fakeApi({});
    renderAt('/redefinir-senha/token-usado-1234567890', '/redefinir-senha/:token', <PasswordResetPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('não é mais válido');
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/');
  });
});

describe("'Minha conta'", () => {
  beforeEach(() => useAuthStore.setState({ token: fakeToken() }));

  it('saves the name; a new e-mail asks for the current password', async () => {
    const api = fakeApi({ account: { id: 'org_1', name: 'Ana', email: 'ana@example.com', password: 'senha-atual-1' } });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
    expect(screen.getByRole('button', { name: 'Conta' })).toHaveAttribute('aria-current', 'page');

    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() => expect(api.data.account?.name).toBe('Ana Lima'));
    expect(await api.calls('PUT', '/api/account')[0].request.json()).toEqual({ name: 'Ana Lima', email: 'ana@example.com' });

    const email = screen.getByLabelText('E-mail', { selector: 'input' });
    await user.clear(email);
    await user.type(email, 'ana.lima@example.com');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    const current = screen.getAllByLabelText('Senha atual')[0];
    expect(current).toHaveAccessibleDescription(expect.stringContaining('Informe sua senha atual.'));
    await user.type(current, 'errada-123');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription(expect.stringContaining('Senha atual incorreta.')));
    await user.clear(current);
    await user.type(current, 'senha-atual-1');
    await user.click(screen.getByRole('button', { name: 'Salvar dados' }));
    await waitFor(() => expect(api.data.account?.email).toBe('ana.lima@example.com'));
  });

  it('changes the password with the current one and says the other sessions ended', async () => {
    const api = fakeApi({ account: { id: 'org_1', name: 'Ana', email: 'ana@example.com', password: 'senha-atual-1' } });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    await screen.findByRole('heading', { name: 'Trocar a senha' });
    const current = screen.getByLabelText('Senha atual');
    await user.type(current, 'senha-atual-1');
    await user.type(screen.getByLabelText('Nova senha'), 'senha-nova-123');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'senha-nova-124');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(screen.getByLabelText('Repita a nova senha')).toHaveAccessibleDescription(expect.stringContaining('As senhas não são iguais.'));
    expect(api.calls('PUT', '/api/account/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repita a nova senha'));
    await user.type(screen.getByLabelText('Repita a nova senha'), 'senha-nova-123');
    await user.click(screen.getByRole('button', { name: 'Trocar senha' }));
    // The success toast ('Senha alterada. As outras sessões…') is the shell's; here the form empties.
    await waitFor(() => expect(screen.getByLabelText('Senha atual')).toHaveValue(''));
    expect(api.data.account?.password).toBe('senha-nova-123');
    expect(await api.calls('PUT', '/api/account/password')[0].request.json()).toEqual({ current_password: 'senha-atual-1', new_password: 'senha-nova-123' });
  });
});
