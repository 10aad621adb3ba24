// Where the install offer stands (install-offer.tsx): apart from install-prompt.ts, whose listener the
// welcome registers on a first visit, so that these bytes load with the offer, after an upload.

/** Opened as the installed app. */
export const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone and iPad Safari install from the share menu: there is no prompt to show. */
export const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
