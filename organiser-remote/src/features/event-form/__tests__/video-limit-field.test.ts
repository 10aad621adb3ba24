import { videoMaxError, videoMaxOf } from '../video-limit-field';

describe("'Duração máxima dos vídeos' (issue 25)", () => {
  it('takes whole seconds from 1 to 86400, or empty for the server default', () => {
    expect(videoMaxError('')).toBeNull();
    expect(videoMaxError(' 180 ')).toBeNull();
    expect(videoMaxError('0')).toBe('Informe um número inteiro de segundos, de 1 a 86400, ou deixe vazio.');
    expect(videoMaxError('2.5')).not.toBeNull();
    expect(videoMaxError('90000')).not.toBeNull();
  });

  it("shows the event's own limit, empty when it uses the server's", () => {
    const event = { id: 'e', code: 'C', name: 'N', date: '2030-01-01 10:00', location: 'L', contact: 'c@d.e', image: null };
    expect(videoMaxOf({ ...event, video_max_seconds: 180 })).toBe('180');
    expect(videoMaxOf({ ...event, video_max_seconds: null })).toBe('');
    expect(videoMaxOf(null)).toBe('');
  });
});
