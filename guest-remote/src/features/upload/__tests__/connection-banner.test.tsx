import { fireEvent, render, screen } from '@testing-library/react';
import { connectionProfiles, type DetectedConnection } from '@momentos/api-client';
import { ConnectionBanner } from '../connection-banner';

const detected = (connection: 'slow' | 'medium' | 'fast', extra: Partial<DetectedConnection> = {}): DetectedConnection => ({
  profile: connectionProfiles[connection],
  showWarning: connection === 'slow',
  mobile: false,
  flaggedSlow: connection === 'slow',
  ...extra,
});

describe('connection banner', () => {
  it('warns on a slow connection with batch advice and the estimated time of the selection, and can be dismissed', () => {
    render(<ConnectionBanner connection={detected('slow')} selectedBytes={10 * 1024 * 1024} />);
    const banner = screen.getByRole('status', { name: 'Conexão lenta detectada' });
    expect(banner).toHaveTextContent('Envie no máximo 5 arquivos por vez.');
    expect(banner).toHaveTextContent('Tempo estimado para os arquivos selecionados: 3 min 25 s.');
    fireEvent.click(screen.getByRole('button', { name: 'Dispensar aviso' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('tells a mobile guest with nothing selected how long a typical photo takes', () => {
    render(<ConnectionBanner connection={detected('fast', { mobile: true })} selectedBytes={0} />);
    const banner = screen.getByRole('status', { name: 'Conexão móvel detectada' });
    expect(banner).toHaveTextContent('Tempo estimado por foto de 3 MB: 3 s.');
    expect(banner).toHaveTextContent('Envie no máximo 20 arquivos por vez.');
  });

  it('stays hidden on a fast, fixed connection and while the connection is unknown', () => {
    const { container, rerender } = render(<ConnectionBanner connection={detected('fast')} selectedBytes={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ConnectionBanner connection={null} selectedBytes={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
