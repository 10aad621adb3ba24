import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import AccountPage from '../account-page';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 27 item 5: 'Minha conta' → 'Notificações': two e-mail alerts, off by default, saved as switched.
jest.setTimeout(30_000);

const account = { id: 'org_1', name: 'Ana', email: 'ana@example.com', password: 'senha-atual-1' };

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: fakeToken() });
});

describe("'Notificações'", () => {
  it('shows both switches off by default, the summary naming the server\'s hour; each saves at once, both values sent', async () => {
    const api = fakeApi({ account, digestHour: 7 });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Notificações' })).toBeInTheDocument();
    const pending = await screen.findByRole('switch', { name: 'Fotos aguardando aprovação' });
    const summary = screen.getByRole('switch', { name: 'Resumo diário' });
    expect(pending).not.toBeChecked();
    expect(summary).not.toBeChecked();
    expect(pending).toHaveAccessibleDescription(expect.stringContaining('no máximo um a cada 15 minutos por evento'));
    expect(summary).toHaveAccessibleDescription(
      'Um e-mail por dia, às 7h (horário do servidor), com as fotos, vídeos, convidados e recados novos de cada evento. Sem novidades, nenhum e-mail.',
    );

    await user.click(pending);
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: true, daily_summary: false }));
    // Only the two switches go back (not the hour the server answered).
    expect(await api.calls('PUT', '/api/account/notifications')[0].request.json()).toEqual({ pending_photos: true, daily_summary: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).toBeChecked());

    await user.click(screen.getByRole('switch', { name: 'Resumo diário' }));
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: true, daily_summary: true }));
    await user.click(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' }));
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: false, daily_summary: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).not.toBeChecked());
    expect(screen.getByRole('switch', { name: 'Resumo diário' })).toBeChecked();
  });

  it('shows the saved switches', async () => {
    const api = fakeApi({ account, notifications: { pending_photos: false, daily_summary: true } });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    // (SWR may first show another test's cached answer, then the server's.)
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Resumo diário' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Resumo diário' })).toHaveAccessibleDescription(expect.stringContaining('às 9h (horário do servidor)'));
    await user.click(screen.getByRole('switch', { name: 'Resumo diário' }));
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: false, daily_summary: false }));
  });
});
