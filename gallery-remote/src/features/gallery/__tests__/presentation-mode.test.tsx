import { act, fireEvent, render, screen } from '@testing-library/react';
import { PresentationMode } from '../presentation/presentation-mode';
import { photo } from './gallery-test-kit';

const three = [
  photo('a', { user_id: 'Ana' }),
  // A video whose playback rendition is still being made (issue 25) is left out.
  photo('v', { user_id: 'Vídeo', file_type: 'video', playback_video: null }),
  photo('b', { user_id: 'Bruno' }),
  photo('x', { user_id: 'Erro', error: 'falhou' }),
  photo('c', { user_id: 'Caio' }),
];

const shownImage = () => screen.getByRole('img', { name: /Foto enviada por/ });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('PresentationMode', () => {
  it('shows images only with the position and a progress bar', () => {
    render(<PresentationMode photos={three} onClose={() => {}} />);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(shownImage()).toHaveAccessibleName('Foto enviada por Ana');
    expect(screen.getByRole('progressbar', { name: 'Progresso da apresentação' })).toHaveAttribute('aria-valuetext', '1 / 3');
  });

  it('advances every 3 s by default and wraps from the last image to the first', () => {
    render(<PresentationMode photos={three} onClose={() => {}} />);
    advance(2999);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(shownImage()).toHaveAccessibleName('Foto enviada por Bruno');
    advance(3000);
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    advance(3000);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(shownImage()).toHaveAccessibleName('Foto enviada por Ana');
  });

  it('pauses and resumes; previous and next wrap both ways', () => {
    render(<PresentationMode photos={three} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    advance(20_000);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
    advance(3000);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
  });

  it("changes speed in 1 s steps between 1 s and 10 s ('Mais rápido', 'Mais lento')", () => {
    render(<PresentationMode photos={three} onClose={() => {}} />);
    const faster = screen.getByRole('button', { name: 'Mais rápido' });
    const slower = screen.getByRole('button', { name: 'Mais lento' });
    expect(screen.getByText('Intervalo: 3 s')).toBeInTheDocument();

    fireEvent.click(faster);
    fireEvent.click(faster);
    expect(screen.getByText('Intervalo: 1 s')).toBeInTheDocument();
    expect(faster).toBeDisabled();
    fireEvent.click(faster);
    expect(screen.getByText('Intervalo: 1 s')).toBeInTheDocument();
    advance(1000);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();

    for (let i = 0; i < 12; i += 1) fireEvent.click(slower);
    expect(screen.getByText('Intervalo: 10 s')).toBeInTheDocument();
    expect(slower).toBeDisabled();
    advance(9999);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    advance(1);
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
  });

  it('closes with Fechar and with Escape', () => {
    const onClose = jest.fn();
    render(<PresentationMode photos={three} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('plays a ready video from its playback rendition, muted, and goes on when it ends (issue 25)', () => {
    const video = photo('w', { user_id: 'Lia', file_type: 'video', playback_video: '/api/files?path=albums/a1/w-playback.mp4', duration: 12 });
    render(<PresentationMode photos={[video, photo('a', { user_id: 'Ana' })]} onClose={() => {}} />);
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    const player = screen.getByLabelText<HTMLVideoElement>('Vídeo enviado por Lia');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('src')).toContain('w-playback.mp4');
    expect(player.muted).toBe(true);
    // A video is not cut at the photos' interval: it plays to its end.
    advance(10_000);
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
    fireEvent.ended(player);
    expect(screen.getByText('2 / 2')).toBeInTheDocument();
  });

  it("shows 'Nenhuma imagem disponível' and 'Fechar' without images", () => {
    const onClose = jest.fn();
    render(<PresentationMode photos={[photo('v', { file_type: 'video', playback_video: null })]} onClose={onClose} />);
    expect(screen.getByText('Nenhuma imagem disponível')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
