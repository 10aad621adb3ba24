import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import AccountPage from '../account-page';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 27 item 5: 'Minha conta' → 'Notificações': the e-mail alert, off by default, saved as switched.
jest.setTimeout(30_000);

const account = { id: 'org_1', name: 'Ana', email: 'ana@example.com', password: 'senha-atual-1' };

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: fakeToken() });
});

describe("'Notificações'", () => {
  it("shows the alert off by default and saves it at once, keeping the summary's stored value; no 'Resumo diário' switch until the server sends one", async () => {
    const api = fakeApi({ account });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Notificações' })).toBeInTheDocument();
    const pending = await screen.findByRole('switch', { name: 'Fotos aguardando aprovação' });
    expect(pending).not.toBeChecked();
    expect(pending).toHaveAccessibleDescription(expect.stringContaining('no máximo um a cada 15 minutos por evento'));
    expect(screen.queryByRole('switch', { name: 'Resumo diário' })).not.toBeInTheDocument();

    await user.click(pending);
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: true, daily_summary: false }));
    expect(await api.calls('PUT', '/api/account/notifications')[0].request.json()).toEqual({ pending_photos: true, daily_summary: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).toBeChecked());

    await user.click(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' }));
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: false, daily_summary: false }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).not.toBeChecked());
  });

  it('shows the saved switches', async () => {
    const api = fakeApi({ account, notifications: { pending_photos: true, daily_summary: true } });
    const user = userEvent.setup();
    renderAt('/conta', '/conta', <AccountPage />);
    // (SWR may first show another test's cached answer, then the server's.)
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' })).toBeChecked());
    // The summary's stored value goes back as it was.
    await user.click(screen.getByRole('switch', { name: 'Fotos aguardando aprovação' }));
    await waitFor(() => expect(api.data.notifications).toEqual({ pending_photos: false, daily_summary: true }));
  });
});
