import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import {
  BottomNavigation,
  Dialog,
  FeedbackDialog,
  LoadingScreen,
  ToastHost,
  formatText,
  notify,
} from '../index';

describe('formatText', () => {
  it('fills the placeholders of a catalogue text and keeps unknown ones', () => {
    expect(formatText('Passo {n} de {total}', { n: 2, total: 5 })).toBe('Passo 2 de 5');
    expect(formatText('Olá {name}, {missing}', { name: 'Ana' })).toBe('Olá Ana, {missing}');
  });
});

describe('LoadingScreen', () => {
  it('announces its label as a busy status', () => {
    render(<LoadingScreen label="Carregando..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('Carregando...');
  });
});

describe('BottomNavigation', () => {
  it('marks the active entry as the current page and calls onSelect of the chosen one', () => {
    const selected: string[] = [];
    render(
      <BottomNavigation
        label="Menu"
        items={[
          { key: 'events', label: 'Eventos', active: true, onSelect: () => selected.push('events') },
          { key: 'new', label: 'Novo', onSelect: () => selected.push('new') },
          { key: 'exit', label: 'Sair', onSelect: () => selected.push('exit') },
        ]}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eventos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Novo' })).not.toHaveAttribute('aria-current');
    fireEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(selected).toEqual(['exit']);
  });
});

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} title="Compartilhar evento" closeLabel="Fechar" onClose={() => setOpen(false)}>
        <button type="button">Copiar link</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a labelled modal, focuses inside, closes on Escape and gives focus back', () => {
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Compartilhar evento' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its labelled × button', () => {
    render(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('FeedbackDialog', () => {
  it('shows an error as an alert with its title and message', () => {
    render(
      <FeedbackDialog
        feedback={{
          kind: 'error',
          title: 'Erro na exclusão',
          message: 'Um erro inesperado ocorreu na exclusão do evento. Por favor, contate o suporte.',
        }}
        closeLabel="Fechar"
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Erro na exclusão' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('mk-feedback--error');
    expect(alert).toHaveTextContent('Um erro inesperado ocorreu na exclusão do evento.');
  });

  it('shows a success as a teal status', () => {
    render(
      <FeedbackDialog
        feedback={{ kind: 'success', title: 'Evento excluído', message: 'O evento foi excluído com sucesso.' }}
        closeLabel="Fechar"
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveClass('mk-feedback--success');
  });

  it('is closed while there is nothing to tell', () => {
    render(<FeedbackDialog feedback={null} closeLabel="Fechar" onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ToastHost', () => {
  it('shows one toast at a time: a second waits while the first is on screen', async () => {
    jest.useFakeTimers();
    render(<ToastHost />);
    act(() => {
      notify.info('Novas fotos foram adicionadas!');
    });
    expect(await screen.findByText('Novas fotos foram adicionadas!')).toBeInTheDocument();
    act(() => {
      notify.error('Erro ao carregar as fotos. Tente novamente.');
    });
    // limit 1: the second waits in the queue while the first is on screen
    expect(screen.queryByText('Erro ao carregar as fotos. Tente novamente.')).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});
