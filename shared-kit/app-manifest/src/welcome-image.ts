// The welcome's image (issue 29): what the React welcome (guest-remote's WelcomeView) and the server's
// painted welcome (api-server's domain/first-paint.ts) both offer, from this one module
// (@momentos/app-manifest/dist/welcome-image), as the paint template is shared.

/**
 * Widths of the welcome's AVIF copies of the event image (the card's 1200×630 crop): a 390-px phone
 * shows the image 342 CSS px wide, so 720 px at 2× density and 1080 px at 3×.
 */
export const WELCOME_IMAGE_WIDTHS = [720, 1080] as const;

/**
 * The welcome image's `sizes`: the page's column (at most 520 px, 24 px of padding each side), so
 * the window less 48 px on a phone and 472 px from 520 px up.
 */
export const WELCOME_IMAGE_SIZES = '(max-width: 520px) calc(100vw - 48px), 472px';
