import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../index';

// Issue 24 item 6: the one question before a deletion, for the gallery's and the organiser's screens.
const labels = { title: 'Excluir foto', confirmLabel: 'Excluir foto', cancelLabel: 'Cancelar', closeLabel: 'Fechar' };

describe('ConfirmDialog', () => {
  it('asks its question, cancels and confirms', async () => {
    const onCancel = jest.fn();
    const onConfirm = jest.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog open {...labels} onCancel={onCancel} onConfirm={onConfirm}>
        Excluir 3 fotos? Esta ação não pode ser desfeita.
      </ConfirmDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Excluir foto' });
    expect(dialog).toHaveTextContent('Excluir 3 fotos? Esta ação não pode ser desfeita.');
    const confirm = screen.getByRole('button', { name: 'Excluir foto' });
    expect(confirm).toHaveClass('mk-button--danger');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while the action runs: the confirm button says so, Cancelar is disabled and Escape does not close it', () => {
    const onCancel = jest.fn();
    render(
      <ConfirmDialog open {...labels} busy busyLabel="Excluindo…" onCancel={onCancel} onConfirm={() => undefined}>
        Excluir o evento?
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Excluindo…' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    render(
      <ConfirmDialog open={false} {...labels} onCancel={() => undefined} onConfirm={() => undefined}>
        Excluir?
      </ConfirmDialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
