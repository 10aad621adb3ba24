import { removeFirstPaint } from '@momentos/design-kit';
import { keepPaintedTaps } from '../painted-tap';

// A tap on the painted view before the app runs is repeated on the app's twin of that button: the
// shell's entry keeps it, design-kit's handover repeats it.
describe('a tap on the painted view', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  /** The painted gallery: two photos by Tia Rosa and one by Zé, then the app's own render of the same view. */
  function paintedThenApp() {
    document.body.innerHTML = `
      <div id="first-paint">
        <a href="/events/share/evt_1">Listar álbuns</a>
        <button aria-label="Foto enviada por Tia Rosa"><img alt=""></button>
        <button aria-label="Foto enviada por Zé"><img alt=""></button>
        <button aria-label="Foto enviada por Tia Rosa"><img alt="" class="second"></button>
      </div>
      <div id="app"></div>`;
    keepPaintedTaps();
    const opened: string[] = [];
    const app = document.getElementById('app')!;
    const add = (label: string, name: string) => {
      const button = document.createElement('button');
      button.setAttribute('aria-label', label);
      button.addEventListener('click', () => opened.push(name));
      app.append(button);
    };
    return { opened, mountApp: () => [['Foto enviada por Tia Rosa', 'rosa-1'], ['Foto enviada por Zé', 'ze'], ['Foto enviada por Tia Rosa', 'rosa-2']].forEach(([label, name]) => add(label, name)) };
  }

  it('is repeated on the same button of the app after the handover: same label, same place among its namesakes', () => {
    jest.useFakeTimers();
    const { opened, mountApp } = paintedThenApp();
    // The tap lands on the image inside the second photo by Tia Rosa.
    (document.querySelector('#first-paint img.second') as HTMLElement).click();
    mountApp();
    removeFirstPaint();
    expect(document.getElementById('first-paint')).toBeNull();
    expect(opened).toEqual([]);
    jest.runAllTimers();
    expect(opened).toEqual(['rosa-2']);
  });

  it('keeps only the last tap, and nothing is repeated without a tap or for a link', () => {
    jest.useFakeTimers();
    const { opened, mountApp } = paintedThenApp();
    (document.querySelector('#first-paint a') as HTMLElement).addEventListener('click', (event) => event.preventDefault());
    (document.querySelector('#first-paint a') as HTMLElement).click();
    expect(document.querySelector('#first-paint [data-tap]')).toBeNull();
    (document.querySelectorAll('#first-paint button')[0] as HTMLElement).click();
    (document.querySelectorAll('#first-paint button')[1] as HTMLElement).click();
    mountApp();
    removeFirstPaint();
    jest.runAllTimers();
    expect(opened).toEqual(['ze']);
  });

  it('a tap whose button the app does not have is dropped', () => {
    jest.useFakeTimers();
    const { opened } = paintedThenApp();
    (document.querySelectorAll('#first-paint button')[2] as HTMLElement).click();
    removeFirstPaint();
    jest.runAllTimers();
    expect(opened).toEqual([]);
  });
});
