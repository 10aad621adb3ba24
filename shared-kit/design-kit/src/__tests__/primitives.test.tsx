import { act, render, renderHook, screen } from '@testing-library/react';
import { Button, ButtonLink, EmptyState, Field, ImagePlaceholder, useCopyToClipboard } from '../index';

describe('Button', () => {
  it('is a plain button of the primary look unless told otherwise', () => {
    render(<Button onClick={() => undefined}>Entrar</Button>);
    const button = screen.getByRole('button', { name: 'Entrar' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('mk-button');
    expect(button).not.toHaveClass('mk-button--secondary');
  });

  it('takes the secondary, danger and full-width looks', () => {
    render(
      <>
        <Button variant="secondary">Cancelar</Button>
        <Button variant="danger" block type="submit">
          Excluir
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveClass('mk-button mk-button--secondary');
    const danger = screen.getByRole('button', { name: 'Excluir' });
    expect(danger).toHaveClass('mk-button mk-button--danger mk-button--block');
    expect(danger).toHaveAttribute('type', 'submit');
  });

  it('while busy is disabled, marked busy and announces its spinner', () => {
    render(
      <Button busy busyLabel="Salvando…">
        Cadastrar
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Cadastrar/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Salvando…' })).toBeInTheDocument();
  });

  it('has a link twin with the same look', () => {
    render(<ButtonLink href="https://wa.me/">Compartilhar</ButtonLink>);
    expect(screen.getByRole('link', { name: 'Compartilhar' })).toHaveClass('mk-button');
  });
});

describe('Field', () => {
  it('labels its control and describes it with the hint and the error line', () => {
    render(
      <Field id="event-image" label="Imagem do evento" hint="Tamanho máx: 5MB" error="Grande demais" errorRole="alert">
        {(control) => <input type="file" {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('Imagem do evento');
    expect(input).toHaveAccessibleDescription('Tamanho máx: 5MB Grande demais');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveClass('mk-field__control');
    expect(screen.getByRole('alert')).toHaveTextContent('Grande demais');
  });

  it('has no error line and no invalid state without an error', () => {
    render(
      <Field id="login-email" label="E-mail">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('can keep its label for screen readers only', () => {
    render(
      <Field id="share-link" label="Link do convite" hideLabel>
        {(control) => <input readOnly value="x" {...control} />}
      </Field>,
    );
    expect(screen.getByText('Link do convite')).toHaveClass('mk-visually-hidden');
    expect(screen.getByLabelText('Link do convite')).toHaveValue('x');
  });
});

describe('useCopyToClipboard', () => {
  afterEach(() => jest.useRealTimers());

  it('copies and confirms for 2 s', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    jest.useFakeTimers();
    const { result } = renderHook(() => useCopyToClipboard());
    let copied: boolean | undefined;
    await act(async () => {
      copied = await result.current.copy('https://m.example/invite/AB12');
    });
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://m.example/invite/AB12');
    expect(result.current.copied).toBe(true);
    act(() => jest.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('only logs a refused copy (spec §8)', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderHook(() => useCopyToClipboard());
    let copied: boolean | undefined;
    await act(async () => {
      copied = await result.current.copy('x');
    });
    expect(copied).toBe(false);
    expect(result.current.copied).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('ImagePlaceholder', () => {
  it('is decorative at the size asked for', () => {
    const { container } = render(<ImagePlaceholder size={40} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '40');
  });
});

describe('EmptyState', () => {
  it('shows its line in the kit look', () => {
    render(<EmptyState>Nenhum álbum encontrado</EmptyState>);
    expect(screen.getByText('Nenhum álbum encontrado')).toHaveClass('mk-empty-state');
  });
});
