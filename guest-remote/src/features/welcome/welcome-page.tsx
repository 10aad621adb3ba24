import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { InviteDialog, readFirstPaint, Spinner, useFirstIntent, useLocation, useParams } from '@momentos/design-kit';
// The storage helpers alone (not the api-client entry with axios): the welcome's first render needs no data layer.
import { readStored, storageKeys, writeStored } from '@momentos/api-client/storage';
import type { PublicEvent } from '@momentos/api-client';
import { scheduleServiceWorker } from '../install/schedule-service-worker';
import { texts } from './texts';
import { WelcomeView } from './welcome-view';
import './welcome-page.css';

// What the welcome does not need to show and take a tap is loaded after it: the album list (step 2)
// and, when the server did not paint the event, its public read.
const loadAlbumList = () => import('./album-list');
const AlbumList = lazy(loadAlbumList);
const PublicEventSource = lazy(() => import('./api/public-event-source'));

const readInvited = () => readStored(storageKeys.invited) === 'true';

const inviteTexts = {
  title: texts.inviteDialogTitle,
  close: texts.close,
  copy: texts.copyLink,
  copied: texts.linkCopied,
  qrLabel: texts.inviteQrLabel,
  linkLabel: texts.inviteLinkLabel,
  loading: texts.loading,
  note: texts.inviteNote,
};

/**
 * The event the server painted this page with, when it is this event; with the image's bytes when the
 * painted view carries them (issue 29: the welcome then shows them on taking over, with no download).
 */
function paintedEvent(eventId: string): PublicEvent | null {
  const painted = readFirstPaint<PublicEvent>('guest_remote', 'welcome');
  if (painted?.id !== eventId) return null;
  // The painted view's AVIF source (app-manifest's firstPaintIds.markupId: a literal, as the guest's
  // first-visit bytes are counted to the byte).
  const inline = document.querySelector('#first-paint source')?.getAttribute('srcset');
  return inline?.startsWith('data:') ? { ...painted, image_avif_srcset: inline } : painted;
}

/**
 * /events/share/{id} (spec §2): the welcome (step 1), then the event's public albums (step 2). On a
 * first visit the server has painted step 1 already (first-paint/welcome.html): this renders the same
 * markup from the same data, so React takes the page over without a visible change.
 */
export default function WelcomePage() {
  const { id: eventId = '' } = useParams();
  const location = useLocation();
  const [painted] = useState(() => paintedEvent(eventId));
  const [event, setEvent] = useState<PublicEvent | null>(painted);
  const [step, setStep] = useState<1 | 2>(() => (readInvited() ? 2 : 1));
  const [sharing, setSharing] = useState(false);
  // The invite screen hands the name over while the public read is under way.
  const handedName = (location.state as { eventName?: string } | null)?.eventName ?? null;
  const onEvent = useCallback((read: PublicEvent) => setEvent(read), []);

  // The album list's code is fetched at the guest's first touch on the welcome, not at once (issue 29):
  // on a slow link nothing a first visit does not need shares the line with the card.
  useFirstIntent(loadAlbumList, step === 1);

  // The installable app's worker, once the page (card included) has loaded and the browser is idle.
  useEffect(() => scheduleServiceWorker(), []);

  // Uploads left pending on this device go on from any guest page; the upload queue (and the data
  // layer with it) loads only when there are some.
  useEffect(() => {
    if (readStored(storageKeys.uploadQueuePending) === '1') void import('@momentos/api-client').then(({ resumePendingUploads }) => resumePendingUploads());
  }, []);

  const registerMoment = () => {
    writeStored(storageKeys.invited, 'true');
    setStep(2);
  };
  const share = event?.code ? () => setSharing(true) : undefined;

  return (
    <>
      {step === 1 ? (
        <WelcomeView
          name={event?.name ?? handedName}
          date={event?.date ?? null}
          image={event?.image ?? null}
          avifSrcset={event?.image_avif_srcset}
          canShare={!!share}
          onRegister={registerMoment}
          onShare={share}
        />
      ) : (
        <Suspense
          fallback={
            <main className="guest-albums mk-column">
              <h1>{texts.albumsTitle}</h1>
              <div className="guest-albums__loading">
                <Spinner label={texts.loading} />
              </div>
            </main>
          }
        >
          <AlbumList eventId={eventId} pinRequired={event?.pin_required ?? false} onShare={share} />
        </Suspense>
      )}
      {painted ? null : (
        <Suspense fallback={null}>
          <PublicEventSource eventId={eventId} onEvent={onEvent} />
        </Suspense>
      )}
      <InviteDialog open={sharing} onClose={() => setSharing(false)} code={event?.code ?? null} texts={inviteTexts} />
    </>
  );
}
