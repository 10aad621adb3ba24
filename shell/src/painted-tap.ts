/**
 * A guest on a slow phone sees the server's painted view (issue 13) seconds before the app can answer
 * it, and taps: a photo, 'Registrar um momento'. Links work without the app; a button does not. This
 * marks the last button tapped on the painted view (`data-tap`); design-kit's removeFirstPaint taps
 * the app's twin of that button once the app has taken over. Kept tiny: it runs in the paint loader
 * (paint-loader.ts), which every painted page links.
 */
export function keepPaintedTaps(): void {
  const painted = document.getElementById('first-paint');
  painted?.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (!button) return;
    painted.querySelector('[data-tap]')?.removeAttribute('data-tap');
    button.setAttribute('data-tap', '');
  });
}
