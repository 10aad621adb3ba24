import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InviteDialog, inviteLink } from '../invite-dialog';

const texts = {
  title: 'Compartilhar convite',
  close: 'Fechar',
  copy: 'Copiar link',
  copied: 'Link copiado com sucesso',
  qrLabel: 'QR code do convite',
  linkLabel: 'Link do convite',
  loading: 'Carregando',
};

describe('InviteDialog', () => {
  it('builds the share link from the origin and the code', () => {
    expect(inviteLink('AB12', 'https://momentos.example/')).toBe('https://momentos.example/invite/AB12');
  });

  it('draws the QR lazily, shows the link and copies it, confirming for 2 s', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<InviteDialog open code="AB12" texts={texts} origin="https://m.example" onClose={() => {}} />);

    expect(screen.getByRole('dialog', { name: 'Compartilhar convite' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code do convite' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Link do convite' })).toHaveValue('https://m.example/invite/AB12');

    jest.useFakeTimers();
    try {
      await act(async () => {
        screen.getByRole('button', { name: 'Copiar link' }).click();
      });
      expect(writeText).toHaveBeenCalledWith('https://m.example/invite/AB12');
      expect(screen.getByText('Link copiado com sucesso')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2000));
      expect(screen.queryByText('Link copiado com sucesso')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
  });

  it('shows a spinner while the code is unknown', () => {
    render(<InviteDialog open code={null} texts={texts} onClose={() => {}} />);
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copiar link' })).not.toBeInTheDocument();
  });
});
