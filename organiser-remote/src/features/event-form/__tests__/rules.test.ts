import { albumFeedback, albumToInput, validateAlbum } from '../album-rules';
import { imageSizeError, joinDateTime, maxImageBytes, splitDateTime, validateEventForm } from '../event-form-rules';

describe('event form rules (spec §4, §5)', () => {
  it('requires name, date, time, location and an e-mail contact', () => {
    expect(validateEventForm({ name: '', date: '', time: '', location: '', contact: '' })).toEqual({
      name: 'Campo obrigatório.',
      date: 'Campo obrigatório.',
      time: 'Campo obrigatório.',
      location: 'Campo obrigatório.',
      contact: 'Campo obrigatório.',
    });
    expect(validateEventForm({ name: 'a', date: '2030-01-01', time: '10:00', location: 'b', contact: 'x' })).toEqual({
      contact: 'Informe um e-mail válido.',
    });
  });

  it('joins and splits date and time as YYYY-MM-DD HH:mm', () => {
    expect(joinDateTime('2030-01-02', '09:05')).toBe('2030-01-02 09:05');
    expect(splitDateTime('2030-01-02 09:05')).toEqual({ date: '2030-01-02', time: '09:05' });
  });

  it('refuses images above 5 MB with a Portuguese message', () => {
    expect(imageSizeError({ size: maxImageBytes })).toBeNull();
    expect(imageSizeError({ size: 6 * 1024 * 1024 })).toBe('A imagem escolhida tem 6,0 MB. Escolha uma imagem de até 5 MB.');
  });
});

describe('album rules', () => {
  it('defaults the toggles to off and prefills from the returned album', () => {
    expect(albumToInput(null)).toEqual({ name: '', description: '', is_public: false, is_available: false, requires_approval: false });
    expect(
      albumToInput({ id: 'a', album_name: 'N', album_description: 'D', is_public: true, is_available: false }),
    ).toEqual({ name: 'N', description: 'D', is_public: true, is_available: false, requires_approval: false });
    expect(albumToInput({ id: 'a', album_name: 'N', album_description: 'D', is_public: true, is_available: true, requires_approval: true })).toMatchObject({
      requires_approval: true,
    });
  });

  it('requires name and description', () => {
    expect(Object.keys(validateAlbum({ name: ' ', description: '', is_public: false, is_available: false, requires_approval: false }))).toEqual(['name', 'description']);
  });

  it('gives the §8 feedback texts', () => {
    expect(albumFeedback('create', true)).toMatchObject({ kind: 'success', title: 'Álbum cadastrado com sucesso' });
    expect(albumFeedback('update', true)).toMatchObject({ title: 'Álbum atualizado com sucesso', message: 'As alterações no álbum foram realizadas com sucesso.' });
    expect(albumFeedback('delete', true)).toMatchObject({ title: 'Álbum excluído' });
    expect(albumFeedback('delete', false)).toMatchObject({ kind: 'error', message: 'Um erro inesperado ocorreu. Se persistir, contate o suporte.' });
  });
});
