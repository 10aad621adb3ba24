import { WELCOME_IMAGE_WIDTHS } from '@momentos/app-manifest/dist/welcome-image';

/** The key of the card's copy `width` px wide: beside the card, `image-<random>-card-w<width>.avif`. */
export const welcomeImageKeyOf = (cardKey: string, width: number) => `${cardKey.replace(/\.[A-Za-z0-9]+$/, '')}-w${width}.avif`;

/** The card's key a welcome copy was made from, or null when `key` is not a welcome copy's. */
export function cardKeyOfWelcomeImage(key: string): string | null {
  const match = /^(.*-card)-w(\d{3,4})\.avif$/.exec(key);
  return match && (WELCOME_IMAGE_WIDTHS as readonly number[]).includes(Number(match[2])) ? `${match[1]}.jpg` : null;
}
