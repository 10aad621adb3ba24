import { comparableNow, countEvents, countsLine, formatListDate, isFinished, toComparable } from '../event-rules';
import { qrFileName, whatsAppUrl } from '../share-rules';

const now = new Date(2030, 5, 15, 12, 30); // 15/06/2030 12:30 local

describe('event classification (spec §4)', () => {
  it('compares in the YYYY-MM-DDTHH:mm format', () => {
    expect(toComparable('2030-06-15 12:30')).toBe('2030-06-15T12:30');
    expect(comparableNow(now)).toBe('2030-06-15T12:30');
  });

  it('an event before the current moment is finished, otherwise upcoming', () => {
    expect(isFinished({ date: '2030-06-15 12:29' }, now)).toBe(true);
    expect(isFinished({ date: '2030-06-15 12:30' }, now)).toBe(false);
    expect(isFinished({ date: '2031-01-01 00:00' }, now)).toBe(false);
  });

  it('counts upcoming and finished events', () => {
    const events = [{ date: '2020-01-01 10:00' }, { date: '2040-01-01 10:00' }, { date: '2041-01-01 10:00' }];
    expect(countEvents(events, now)).toEqual({ upcoming: 2, finished: 1 });
    expect(countEvents([], now)).toEqual({ upcoming: 0, finished: 0 });
  });

  it('formats the list date as DD/MM/YYYY HH:mm', () => {
    expect(formatListDate('2030-06-05 09:07')).toBe('05/06/2030 09:07');
  });
});

describe('share rules', () => {
  it('names the QR download qrcode-evento-<random id>.png', () => {
    expect(qrFileName()).toMatch(/^qrcode-evento-[a-z0-9]+\.png$/);
    expect(qrFileName()).not.toBe(qrFileName());
  });

  it('opens WhatsApp with an invitation that contains the invite link', () => {
    const url = whatsAppUrl('Casamento', 'http://localhost/invite/ABC');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(url.slice('https://wa.me/?text='.length))).toContain('http://localhost/invite/ABC');
  });
});

describe('counts line (issue 11)', () => {
  it('joins the non-zero counts with a dot, in the singular for one, with thousands separated', () => {
    expect(countsLine({ photo_count: 1280, video_count: 9, guest_count: 23 })).toBe('1.280 fotos · 9 vídeos · 23 convidados');
    expect(countsLine({ photo_count: 1, video_count: 0, guest_count: 1 })).toBe('1 foto · 1 convidado');
    expect(countsLine({ photo_count: 0, video_count: 0, guest_count: 0 })).toBe('Nenhuma foto ainda');
  });

  it('writes counts below a thousand without Intl (its first call loads the locale on the list\'s first render, issue 29)', () => {
    const localised = jest.spyOn(Number.prototype, 'toLocaleString');
    try {
      expect(countsLine({ photo_count: 999, video_count: 2, guest_count: 40 })).toBe('999 fotos · 2 vídeos · 40 convidados');
      expect(localised).not.toHaveBeenCalled();
    } finally {
      localised.mockRestore();
    }
  });
});
