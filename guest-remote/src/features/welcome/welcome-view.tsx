import { WELCOME_IMAGE_SIZES } from '@momentos/app-manifest/dist/welcome-image';
import { Button } from '@momentos/design-kit';
import { texts } from './texts';
import { formatEventDate, isoEventDate } from './event-date';

export interface WelcomeViewProps {
  /** The event's name, or null while unknown ('Bem-vindo!'). */
  name: string | null;
  /** 'YYYY-MM-DD HH:mm', or null while unknown. */
  date: string | null;
  /** The event image's card URL (1200×630), or null. */
  image: string | null;
  /** Issue 29: the image's AVIF copies as a srcset (the event's `image_avif_srcset`), offered before the card. */
  avifSrcset?: string;
  /** Whether the invite can be shared (the code is known). */
  canShare: boolean;
  onRegister?: () => void;
  onShare?: () => void;
}

/**
 * Step 1 of /events/share/{id}: the event's image, name and date and the two spec buttons. The server
 * paints exactly this markup before any script (first-paint/welcome.html, kept equal to it by a test),
 * so that the page shows the event at once and React takes it over without a visible change.
 */
export function WelcomeView({ name, date, image, avifSrcset, canShare, onRegister, onShare }: WelcomeViewProps) {
  return (
    <main className="guest-welcome">
      {image ? (
        <picture className="guest-welcome__picture">
          {avifSrcset ? <source type="image/avif" srcSet={avifSrcset} sizes={WELCOME_IMAGE_SIZES} /> : null}
          <img className="guest-welcome__image" src={image} alt="" width={1200} height={630} fetchPriority="high" />
        </picture>
      ) : null}
      <h1 className="guest-welcome__title">{name ?? texts.welcomeFallbackTitle}</h1>
      {date ? (
        <p className="guest-welcome__date">
          <time dateTime={isoEventDate(date)}>{formatEventDate(date)}</time>
        </p>
      ) : null}
      <p className="guest-welcome__message">{texts.welcomeMessage}</p>
      <div className="guest-welcome__actions">
        <Button onClick={onRegister}>{texts.registerMoment}</Button>
        {canShare ? (
          <Button variant="secondary" onClick={onShare}>
            {texts.shareInvite}
          </Button>
        ) : null}
      </div>
    </main>
  );
}
