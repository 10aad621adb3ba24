import { useMemo, useState } from 'react';
import { EmptyState, GuidedTour, TourHelpButton, useGuidedTour, useTourOnce } from '@momentos/design-kit';
import { storageKeys, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';
import { OrganiserMenu } from '../../layout/organiser-menu';
import { DeleteDialog } from './delete-dialog';
import { EventRow } from './event-row';
import { eventListTourSteps, eventListTourTexts } from './event-list-tour';
import { countEvents } from './event-rules';
import { ShareDialog } from './share-dialog';
import { useEvents } from './api/use-events';
import '../../layout/organiser.css';
import './event-list.css';

const t = texts.eventList;

/**
 * The organiser's dashboard (spec §2 'Event list'). While the events load, the page's frame and
 * header show with placeholders where the counts and the list go: the same markup as the view the
 * server paints before any script (first-paint/event-list.html), which this render takes over.
 */
export default function EventListPage() {
  const { events, loading } = useEvents();
  const counts = useMemo(() => countEvents(events), [events]);
  const [sharing, setSharing] = useState<EventItem | null>(null);
  const [deleting, setDeleting] = useState<EventItem | null>(null);
  const tour = useGuidedTour();
  useTourOnce(tour.start, { storageKey: storageKeys.hasSeenEventListTour, steps: eventListTourSteps, ready: !loading });

  return (
    <div className="org-page">
      <header className="org-header" data-tour="event-list-header">
        <h1>{t.header}</h1>
      </header>
      <main className="org-content">
        <section className="page-header" aria-labelledby="event-list-title">
          <div className="page-header__text">
            <h2 id="event-list-title" className="page-header__title">
              {t.title}
            </h2>
            <p className="page-header__subtitle">{t.subtitle}</p>
            <p className="page-header__description">{t.description}</p>
          </div>
          <TourHelpButton label={t.help} tooltip={t.helpTooltip} onClick={() => tour.start(eventListTourSteps)} />
        </section>

        <dl className="counters">
          <div className="counter counter--upcoming" data-tour="event-list-upcoming">
            <dt>{t.upcoming}</dt>
            <dd>{loading ? <span className="org-skeleton counter__skeleton" /> : counts.upcoming}</dd>
          </div>
          <div className="counter counter--finished" data-tour="event-list-finished">
            <dt>{t.finished}</dt>
            <dd>{loading ? <span className="org-skeleton counter__skeleton" /> : counts.finished}</dd>
          </div>
        </dl>

        <section data-tour="event-list-list" aria-label={t.listLabel}>
          {loading ? (
            <div className="event-list__skeleton" role="status" aria-busy="true" aria-label={t.loading}>
              {Array.from({ length: 3 }, (_, index) => (
                <span key={index} className="org-skeleton event-list__skeleton-row" />
              ))}
            </div>
          ) : events.length === 0 ? (
            <EmptyState>{t.empty}</EmptyState>
          ) : (
            <ul className="mk-plain-list" aria-label={t.listLabel}>
              {events.map((event, index) => (
                <EventRow key={event.id} event={event} tourTarget={index === 0} onShare={setSharing} onDelete={setDeleting} />
              ))}
            </ul>
          )}
        </section>
      </main>
      <OrganiserMenu />
      {sharing ? <ShareDialog key={sharing.id} event={sharing} onClose={() => setSharing(null)} /> : null}
      <DeleteDialog event={deleting} onClose={() => setDeleting(null)} />
      <GuidedTour tour={tour} texts={eventListTourTexts} />
    </div>
  );
}
