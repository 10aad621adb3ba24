import { connectionProfiles } from '@momentos/api-client';
import {
  checkVideoLengths,
  checkSelection,
  checkSomethingToSend,
  checkTotalSize,
  formatBytes,
  formatDuration,
  GIGABYTE,
  uploadTip,
} from '../selection-rules';

function file(name: string, size: number, type: string): File {
  const blob = new File([], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

const photo = (name = 'foto.jpg', size = 2_000_000) => file(name, size, 'image/jpeg');
const { slow, medium, fast } = connectionProfiles;

describe('upload selection rules (spec §5, in order)', () => {
  it('1. refuses an empty pick', () => {
    expect(checkSelection([], 0, fast)).toEqual({ title: 'Erro na seleção', message: 'Nenhum arquivo selecionado.' });
  });

  it('2. counts zero-size files', () => {
    expect(checkSelection([photo('a.jpg', 0), photo('b.jpg', 0), photo()], 0, fast)?.message).toBe(
      '2 arquivo(s) inválido(s) detectado(s). Verifique se os arquivos não estão corrompidos e tente novamente.',
    );
  });

  it('3. names files over 1 GB, with the limit per video or per image', () => {
    const video = checkSelection([file('festa.mp4', GIGABYTE + 1, 'video/mp4'), photo()], 0, fast);
    expect(video?.title).toBe('Arquivos muito grandes');
    expect(video?.message).toContain('festa.mp4');
    expect(video?.message).toContain('Limite: 1GB por vídeo');
    expect(checkSelection([photo('enorme.png', GIGABYTE + 1)], 0, fast)?.message).toContain('Limite: 1GB por imagem');
  });

  it('4. accepts only images and videos, naming the others', () => {
    expect(checkSelection([photo(), file('nota.pdf', 10, 'application/pdf')], 0, fast)).toEqual({
      title: 'Tipo de arquivo inválido',
      message: 'Apenas imagens e vídeos são permitidos. Arquivos inválidos: nota.pdf.',
    });
  });

  it('5. refuses more files in one pick than the connection allows', () => {
    const six = Array.from({ length: 6 }, (_, i) => photo(`${i}.jpg`));
    expect(checkSelection(six, 0, slow)).toEqual({
      title: 'Muitos arquivos para sua conexão lenta',
      message: 'Selecione no máximo 5 arquivos por vez e envie o restante em seguida.',
    });
    expect(checkSelection(Array.from({ length: 11 }, () => photo()), 0, medium)?.title).toBe('Muitos arquivos para sua conexão média');
    expect(checkSelection(Array.from({ length: 21 }, () => photo()), 0, fast)?.title).toBe('Muitos arquivos para sua conexão rápida');
    expect(checkSelection(Array.from({ length: 20 }, () => photo()), 0, fast)).toBeNull();
  });

  it('6. refuses a pick that, with the files already selected, passes the limit', () => {
    expect(checkSelection([photo(), photo()], 4, slow)).toEqual({
      title: 'Limite de arquivos para conexão lenta',
      message: 'Você já tem 4 arquivos selecionados. Com a sua conexão, envie no máximo 5 por vez: envie estes primeiro ou remova alguns.',
    });
  });

  it('applies the rules in the spec order: a zero-size file is reported before a wrong type', () => {
    expect(checkSelection([photo('a.jpg', 0), file('x.txt', 5, 'text/plain')], 0, fast)?.title).toBe('Erro na seleção');
  });

  it('7. refuses to send nothing', () => {
    expect(checkSomethingToSend([])).toEqual({ title: 'Erro no envio', message: 'Nenhum arquivo encontrado para envio.' });
  });

  it('8. answers a total above files-per-selection × 1 GB like a 413, with size, time and a suggestion', () => {
    const five = Array.from({ length: 5 }, (_, i) => file(`${i}.mp4`, GIGABYTE, 'video/mp4'));
    expect(checkTotalSize(five, slow)).toBeNull();
    const problem = checkTotalSize([...five, photo()], slow);
    expect(problem?.title).toBe('Limite de tamanho excedido');
    expect(problem?.message).toContain('5 GB');
    expect(problem?.message).toContain('tempo estimado de envio: 29 h 8 min');
    expect(problem?.message).toContain('Envie menos arquivos por vez.');
  });

  it('9. gives the upload tip above 50 MB, with the size in MB', () => {
    expect(uploadTip([photo('a.jpg', 50 * 1024 * 1024)])).toBeNull();
    expect(uploadTip([photo('a.jpg', 80 * 1024 * 1024)])).toEqual({
      title: 'Dica para upload',
      message: 'Você selecionou 80 MB. Para um envio mais seguro, envie lotes de no máximo 10 fotos por vez.',
    });
  });

  it('formats sizes and durations for people', () => {
    expect(formatBytes(1.5 * GIGABYTE)).toBe('1,5 GB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(7500)).toBe('2 h 5 min');
  });
});

describe("the event's video length limit, read on the phone (issue 25)", () => {
  const file = (name: string, type: string) => Object.assign(new Blob(['x'], { type }), { name }) as unknown as File;
  const durations: Record<string, number | null> = { 'long.mov': 252.4, 'short.mp4': 30, 'unknown.mov': null };
  const read = async (picked: File) => durations[picked.name] ?? null;

  it('refuses a longer video at once with the exact message, keeps the rest', async () => {
    const picked = [file('long.mov', 'video/quicktime'), file('short.mp4', 'video/mp4'), file('photo.jpg', 'image/jpeg'), file('unknown.mov', 'video/quicktime')];
    const { keep, problem } = await checkVideoLengths(picked, 180, read);
    expect(problem).toEqual({ title: 'Vídeo longo demais', message: 'Este vídeo tem 4 min 12 s; o limite deste evento é 3 min.' });
    expect(keep.map((kept) => kept.name)).toEqual(['short.mp4', 'photo.jpg', 'unknown.mov']);
  });

  it('keeps everything without a limit or within it', async () => {
    const picked = [file('long.mov', 'video/quicktime')];
    expect(await checkVideoLengths(picked, 300, read)).toEqual({ keep: picked, problem: null });
    expect(await checkVideoLengths(picked, null, read)).toEqual({ keep: picked, problem: null });
  });
});

it('makes no Intl formatter while the screen loads, only at the first size shown (issue 29: it costs the phone ≈ 25 ms)', () => {
  const made = jest.spyOn(Intl, 'NumberFormat');
  try {
    jest.isolateModules(() => {
      const rules = require('../selection-rules') as { formatBytes: typeof formatBytes };
      expect(made).not.toHaveBeenCalled();
      expect(rules.formatBytes(3 * 1024 * 1024)).toBe('3 MB');
      expect(rules.formatBytes(1536)).toBe('1,5 KB');
      expect(made).toHaveBeenCalledTimes(1);
    });
  } finally {
    made.mockRestore();
  }
});
