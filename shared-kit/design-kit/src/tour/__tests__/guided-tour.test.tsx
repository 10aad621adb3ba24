import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GuidedTour } from '../guided-tour';
import { TourHelpButton } from '../tour-help-button';
import { useGuidedTour, useTourOnce } from '../use-guided-tour';
import type { TourStep, TourTexts } from '../tour-rules';

const texts: TourTexts = {
  back: 'Anterior',
  close: 'Fechar',
  last: 'Finalizar',
  next: 'Próximo',
  skip: 'Pular',
  progress: 'Passo {n} de {total}',
  firstStepHint: "Clique em 'Próximo' para continuar.",
};

const steps: TourStep[] = [
  { target: '#one', title: 'Primeiro', content: 'Conteúdo um' },
  { target: '#missing', title: 'Sumido', content: 'Nunca aparece' },
  { target: '#two', title: 'Segundo', content: 'Conteúdo dois' },
];

function Screen({ auto = false }: { auto?: boolean }) {
  const tour = useGuidedTour();
  useTourOnce(tour.start, { storageKey: 'hasSeenTestTour', steps, ready: auto });
  return (
    <div>
      <div id="one">um</div>
      <div id="two">dois</div>
      <TourHelpButton label="Ajuda" tooltip="Iniciar tour de ajuda" onClick={() => tour.start(steps)} />
      <GuidedTour tour={tour} texts={texts} />
    </div>
  );
}

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});

beforeEach(() => localStorage.clear());

describe('GuidedTour', () => {
  it('renders nothing while closed', () => {
    render(<Screen />);
    expect(screen.queryByText('Conteúdo um')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajuda' })).toHaveAccessibleDescription('Iniciar tour de ajuda');
  });

  it('walks the present steps with the Portuguese wording, the hint on the first and the counter', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Ajuda' }));

    expect(await screen.findByText('Conteúdo um')).toBeInTheDocument();
    expect(screen.getByText("Clique em 'Próximo' para continuar.")).toBeInTheDocument();
    expect(screen.getByText('Passo 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pular' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anterior' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(await screen.findByText('Conteúdo dois')).toBeInTheDocument();
    expect(screen.getByText('Passo 2 de 2')).toBeInTheDocument();
    expect(screen.queryByText("Clique em 'Próximo' para continuar.")).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('Conteúdo um')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.click(await screen.findByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(screen.queryByText('Conteúdo dois')).not.toBeInTheDocument());
  });

  it("'Pular' ends the tour", async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Ajuda' }));
    await user.click(await screen.findByRole('button', { name: 'Pular' }));
    await waitFor(() => expect(screen.queryByText('Conteúdo um')).not.toBeInTheDocument());
  });

  it('Escape closes the tour', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Ajuda' }));
    await screen.findByText('Conteúdo um');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Conteúdo um')).not.toBeInTheDocument());
  });

  it('starts once per browser, 1 s after the screen is ready', async () => {
    jest.useFakeTimers();
    try {
      const { unmount } = render(<Screen auto />);
      act(() => jest.advanceTimersByTime(999));
      expect(screen.queryByText('Conteúdo um')).not.toBeInTheDocument();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(localStorage.getItem('hasSeenTestTour')).toBe('true');
      jest.useRealTimers();
      expect(await screen.findByText('Conteúdo um')).toBeInTheDocument();
      unmount();

      jest.useFakeTimers();
      render(<Screen auto />);
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      expect(screen.queryByText('Conteúdo um')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
