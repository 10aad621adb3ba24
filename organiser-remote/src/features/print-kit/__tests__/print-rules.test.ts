import { initialChoice, kitPages, kitPlaces, kitQuery, kitSummary, printedDate } from '../print-rules';

describe('the printable kit rules (issue 28)', () => {
  test('no places: one code; tables then named places, each once, trimmed', () => {
    expect(kitPlaces(initialChoice)).toEqual({ ok: true, places: [] });
    expect(kitPlaces({ ...initialChoice, tables: true, tablesFrom: '1', tablesTo: '3', named: ' Pista,  Cabine   de fotos, ,Pista,Mesa 2' })).toEqual({
      ok: true,
      places: ['Mesa 1', 'Mesa 2', 'Mesa 3', 'Pista', 'Cabine de fotos'],
    });
  });

  test('refusals: a reversed or empty range, more than 200 places, a name over 40 characters', () => {
    expect(kitPlaces({ ...initialChoice, tables: true, tablesFrom: '5', tablesTo: '2' })).toEqual({ ok: false, message: 'Informe um intervalo de mesas válido, por exemplo de 1 a 20.' });
    expect(kitPlaces({ ...initialChoice, tables: true, tablesFrom: '', tablesTo: '2' }).ok).toBe(false);
    expect(kitPlaces({ ...initialChoice, tables: true, tablesFrom: '1', tablesTo: '201' })).toEqual({ ok: false, message: 'No máximo 200 locais por arquivo.' });
    const long = kitPlaces({ ...initialChoice, named: 'x'.repeat(41) });
    expect(long.ok).toBe(false);
    expect(!long.ok && long.message).toContain('passa de 40 caracteres');
  });

  test('pages as the PDF lays them out: four cards, one poster, fifteen stickers a page', () => {
    expect(kitPages('cards', [])).toEqual([[null, null, null, null]]);
    expect(kitPages('poster', [])).toEqual([[null]]);
    expect(kitPages('stickers', [])[0]).toHaveLength(15);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(kitPages('cards', six)).toEqual([['a', 'b', 'c', 'd'], ['e', 'f']]);
    expect(kitPages('poster', six)).toHaveLength(6);
    expect(kitPages('stickers', six)).toEqual([six]);
    expect(kitSummary(six, 2)).toBe('6 códigos em 2 páginas');
    expect(kitSummary([], 1)).toBe('1 código em 1 página');
  });

  test('the query the server reads', () => {
    expect(kitQuery(initialChoice)).toBe('kind=cards');
    const query = new URLSearchParams(kitQuery({ kind: 'stickers', tables: true, tablesFrom: '01', tablesTo: '20', named: 'Pista, Salão nobre' }));
    expect(Object.fromEntries(query)).toEqual({ kind: 'stickers', tables: '1-20', places: 'Pista,Salão nobre' });
    expect(printedDate('2030-06-01 18:30')).toBe('01/06/2030 18:30');
  });
});
