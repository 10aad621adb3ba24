import { useState } from 'react';
import { apiUrl, requestPrintables, type EventItem, type PrintableKind } from '@momentos/api-client';
import { placeInviteLink } from '@momentos/app-manifest/dist/invite-place';
import { Button, Field, Link, QrCode, Spinner, formatText, inviteLink, notify, useParams } from '@momentos/design-kit';
import { texts } from '../../texts';
import { EventPicture } from '../../layout/event-picture';
import { OrganiserMenu } from '../../layout/organiser-menu';
import { usePrintEvent } from './api/use-print-event';
import { initialChoice, kitPages, kitPlaces, kitQuery, kitSummary, printedDate, type KitChoice } from './print-rules';
import '../../layout/organiser.css';
import '../../layout/choice.css';
import './print-kit.css';

const t = texts.printKit;
const kinds: PrintableKind[] = ['cards', 'poster', 'stickers'];

/**
 * 'Imprimir QR' (issue 28): the organiser picks table cards, a poster or stickers, optionally numbered
 * tables and named places (a code each), sees the first page and downloads the PDF the server makes.
 */
export default function PrintKitPage() {
  const { id = '' } = useParams();
  const { event, error, loading } = usePrintEvent(id);
  const [choice, setChoice] = useState<KitChoice>(initialChoice);
  const [downloading, setDownloading] = useState(false);
  const places = kitPlaces(choice);
  const change = (next: Partial<KitChoice>) => setChoice((current) => ({ ...current, ...next }));

  // A browser download cannot send the auth header: a short-lived ticket goes in the URL instead.
  const download = async () => {
    setDownloading(true);
    const ticket = await requestPrintables(id);
    setDownloading(false);
    if (!ticket.ok) {
      notify.error(t.downloadError);
      return;
    }
    const link = document.createElement('a');
    link.href = apiUrl(`${ticket.data.url}&${kitQuery(choice)}`);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  return (
    <div className="org-page">
      <header className="org-header">
        <h1>{t.title}</h1>
      </header>
      <main className="org-content print-kit">
        <p className="print-kit__description">{t.description}</p>
        {loading ? <Spinner label={texts.loading} /> : null}
        {error ? (
          <p role="alert" className="print-kit__error">
            {error.message}
          </p>
        ) : null}
        {event ? (
          <>
            <fieldset className="print-kit__kinds">
              <legend>{t.kindLabel}</legend>
              {kinds.map((kind) => (
                <label key={kind} className="choice print-kit__kind">
                  <input type="radio" name="print-kind" value={kind} checked={choice.kind === kind} onChange={() => change({ kind })} />
                  <span className="print-kit__kind-name">{t.kinds[kind].name}</span>
                  <span className="choice__hint print-kit__kind-detail">{t.kinds[kind].detail}</span>
                </label>
              ))}
            </fieldset>

            <fieldset className="print-kit__places">
              <legend>{t.placesLabel}</legend>
              <p className="print-kit__hint">{t.placesHint}</p>
              <label className="print-kit__check">
                <input type="checkbox" checked={choice.tables} onChange={(input) => change({ tables: input.currentTarget.checked })} />
                {t.tables}
              </label>
              {choice.tables ? (
                <div className="print-kit__range">
                  <Field id="print-tables-from" label={t.tablesFrom}>
                    {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={999} value={choice.tablesFrom} onChange={(input) => change({ tablesFrom: input.currentTarget.value })} />}
                  </Field>
                  <Field id="print-tables-to" label={t.tablesTo}>
                    {(control) => <input {...control} type="number" inputMode="numeric" min={1} max={999} value={choice.tablesTo} onChange={(input) => change({ tablesTo: input.currentTarget.value })} />}
                  </Field>
                </div>
              ) : null}
              <Field id="print-named" label={t.named} hint={t.namedHint} error={places.ok ? undefined : places.message} errorRole="alert">
                {(control) => <input {...control} type="text" placeholder={t.namedPlaceholder} value={choice.named} onChange={(input) => change({ named: input.currentTarget.value })} />}
              </Field>
            </fieldset>

            {places.ok ? <KitPreview event={event} kind={choice.kind} places={places.places} /> : null}

            <div className="print-kit__actions">
              <Button onClick={() => void download()} busy={downloading} busyLabel={t.preparing} disabled={!places.ok}>
                {t.download}
              </Button>
              <Link to="/events" className="print-kit__back">
                {t.back}
              </Link>
            </div>
          </>
        ) : null}
      </main>
      <OrganiserMenu />
    </div>
  );
}

/** The PDF's first page, drawn as it will print (the QR codes are the real ones). */
function KitPreview({ event, kind, places }: { event: EventItem; kind: PrintableKind; places: string[] }) {
  const pages = kitPages(kind, places);
  const link = inviteLink(event.code);
  return (
    <section className="print-kit__preview" aria-labelledby="print-preview-title">
      <h2 id="print-preview-title">{t.preview}</h2>
      <p className="print-kit__summary">{kitSummary(places, pages.length)}</p>
      <div className={`print-sheet print-sheet--${kind}`} aria-label={formatText(t.previewOf, { n: 1, total: pages.length })} role="img">
        {pages[0].map((place, index) => (
          <div key={`${place ?? ''}-${index}`} className="print-sheet__item" data-place={place ?? ''}>
            {/* The card's crop, as the PDF prints it (its AVIF copies on screen), not the original. */}
            {kind !== 'stickers' ? <EventPicture event={event} sizes="480px" className="print-sheet__image" alt="" /> : null}
            <p className="print-sheet__name">{event.name}</p>
            {kind !== 'stickers' ? <p className="print-sheet__date">{printedDate(event.date)}</p> : null}
            {place ? <p className="print-sheet__place">{place}</p> : null}
            <div className="print-sheet__qr">
              <QrCode value={placeInviteLink(link, place)} label={place ? formatText(t.qrOf, { place }) : t.qrOfEvent} size={kind === 'poster' ? 160 : kind === 'cards' ? 72 : 48} />
            </div>
            <p className="print-sheet__link">{link.replace(/^https?:\/\//, '')}</p>
            {kind !== 'stickers' ? <p className="print-sheet__instruction">{t.instruction}</p> : null}
          </div>
        ))}
      </div>
    </section>
  );
}
