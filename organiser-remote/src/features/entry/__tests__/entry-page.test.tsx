import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@momentos/api-client';
import { apiError, apiServer, fakeApi, heldAnswer, http } from '@momentos/api-client/testing';
import EntryPage from '../entry-page';
import { validateLogin, failedLoginErrors } from '../login-rules';
import { fakeToken, renderAt } from '../../../test-support/render';

const renderEntry = () => renderAt('/', '/', <EntryPage />);
const location = () => screen.getByTestId('location').textContent;

async function openForm() {
  const user = userEvent.setup();
  renderEntry();
  await user.click(screen.getByRole('button', { name: 'Login' }));
  // The forms' chunk (with the data layer) comes at the first touch on the page (issue 29).
  await screen.findByLabelText('E-mail');
  return user;
}

const token = fakeToken();
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: null });
  api = fakeApi({ organiser: { email: 'ana@example.com', password: 'segredo', token } });
});

describe('login rules (spec §5)', () => {
  it('requires both fields with their own messages', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'Por favor, informe um e-mail válido',
      password: 'Por favor, informe uma senha válida',
    });
    expect(validateLogin({ email: 'a@b.c', password: 'x' })).toEqual({});
  });

  it('a failed login marks both fields', () => {
    const message = 'Por favor, verifique se o e-mail e/ou senha estão corretos.';
    expect(failedLoginErrors()).toEqual({ email: message, password: message });
  });
});

describe('entry screen', () => {
  it('step 1 shows the welcome, the Login button and the privacy notice', async () => {
    renderEntry();
    expect(screen.getByRole('heading', { level: 1, name: 'Momentos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText(/Política de Privacidade/)).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    // Not painted by the server here: the page reads whether a first account is needed.
    await waitFor(() => expect(api.calls('GET', '/api/setup')).toHaveLength(1));
  });

  // The store reads `auth` when the page loads; the entry checks it only when `auth` is stored.
  const storeCredential = (stored: string) => {
    localStorage.setItem('auth', stored);
    useAuthStore.setState({ token: stored });
  };

  it('goes to /events when a usable credential is stored, with the loading screen and not the welcome meanwhile', async () => {
    storeCredential(fakeToken());
    renderEntry();
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    await waitFor(() => expect(location()).toBe('/events'));
  });

  it('stays on the entry screen with an expired credential', async () => {
    storeCredential(fakeToken(-10));
    renderEntry();
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('step 2 shows e-mail, password, Salvar e-mail, Ajuda and Entrar', async () => {
    await openForm();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Salvar e-mail' })).not.toBeChecked();
    expect(screen.getByText('Ajuda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('shows the required-field messages and does not call the API', async () => {
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Por favor, informe um e-mail válido');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription('Por favor, informe uma senha válida');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests.filter((entry) => entry.path !== '/api/setup')).toHaveLength(0);
  });

  it('shows the failed-login message on both fields', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const message = 'Por favor, verifique se o e-mail e/ou senha estão corretos.';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(message);
    expect(localStorage.getItem('auth')).toBeNull();
  });

  it('shows a spinner on Entrar while signing in', async () => {
    const answer = heldAnswer();
    apiServer.use(
      http.post('/api/auth', async () => {
        await answer.released;
        return apiError(401, 'x');
      }),
    );
    const user = await openForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo');
    await user.click(screen.getByRole('button', { name: /Entrar/ }));
    expect(screen.getByRole('status', { name: 'Entrando…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Entrar/ })).toBeDisabled();
    answer.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled());
  });

  it('stores the token under auth, remembers the e-mail and goes to /events', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo');
    await user.click(screen.getByRole('checkbox', { name: 'Salvar e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(location()).toBe('/events'));
    const [sent] = api.calls('POST', '/api/auth');
    expect(await sent.request.json()).toEqual({ email: 'ana@example.com', password: 'segredo' });
    expect(localStorage.getItem('auth')).toBe(token);
    expect(localStorage.getItem('saved-email')).toBe('ana@example.com');
  });

  it('prefills a saved e-mail with the box ticked', async () => {
    localStorage.setItem('saved-email', 'bia@example.com');
    await openForm();
    expect(screen.getByLabelText('E-mail')).toHaveValue('bia@example.com');
    expect(screen.getByRole('checkbox', { name: 'Salvar e-mail' })).toBeChecked();
  });
});

describe('the first account (issue 27)', () => {
  const setupToken = fakeToken();

  it('offers "Criar a primeira conta" only while the server has no organiser', async () => {
    fakeApi({ organiser: null, setup: { code: '482-913', token: setupToken } });
    renderEntry();
    expect(await screen.findByRole('button', { name: 'Criar a primeira conta' })).toBeInTheDocument();
    expect(screen.getByText('Ainda não há nenhuma conta de organizador neste servidor.')).toBeInTheDocument();
  });

  it('is not offered once an organiser exists', async () => {
    renderEntry();
    await waitFor(() => expect(api.calls('GET', '/api/setup')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Criar a primeira conta' })).not.toBeInTheDocument();
  });

  it('checks every field, shows the wrong code on its field, then creates the account and signs in', async () => {
    const fake = fakeApi({ organiser: null, setup: { code: '482-913', token: setupToken } });
    const user = userEvent.setup();
    renderEntry();
    await user.click(await screen.findByRole('button', { name: 'Criar a primeira conta' }));
    await user.click(await screen.findByRole('button', { name: 'Criar conta' }));
    expect(screen.getByText('Por favor, informe seu nome.')).toBeInTheDocument();
    expect(screen.getByText('A senha precisa ter pelo menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Informe o código de 6 dígitos mostrado pelo servidor.')).toBeInTheDocument();
    expect(screen.getByLabelText('Seu nome')).toHaveFocus();
    expect(fake.calls('POST', '/api/setup')).toHaveLength(0);

    await user.type(screen.getByLabelText('Seu nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'senha-segura-1');
    await user.type(screen.getByLabelText('Código de configuração'), '111-111');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(/^Código de configuração incorreto/)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de configuração')).toHaveFocus();

    await user.clear(screen.getByLabelText('Código de configuração'));
    await user.type(screen.getByLabelText('Código de configuração'), '482913');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(location()).toBe('/events'));
    expect(useAuthStore.getState().token).toBe(setupToken);
    expect(await fake.calls('POST', '/api/setup')[1].request.json()).toEqual({ name: 'Ana Souza', email: 'ana@example.com', password: 'senha-segura-1', code: '482913' });
  });
});
