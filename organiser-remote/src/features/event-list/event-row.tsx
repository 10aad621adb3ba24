import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatText, ImagePlaceholder, Link } from '@momentos/design-kit';
import { paths } from '@momentos/app-manifest';
import type { EventItem } from '@momentos/api-client';
import { EventPicture } from '../../layout/event-picture';
import { texts } from '../../texts';
import { countsLine, formatListDate } from './event-rules';
import { mayOn, teamRoleLine } from '../team/team-rules';

export interface EventRowProps {
  event: EventItem;
  /** The first row carries the tour's 'Opções do Evento' target. */
  tourTarget?: boolean;
  onShare: (event: EventItem) => void;
  onDelete: (event: EventItem) => void;
}

/** One event: lazy image (or placeholder) in a fixed box, name, date and the options dropdown. */
export function EventRow({ event, tourTarget, onShare, onDelete }: EventRowProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = `event-menu-${event.id}`;

  useEffect(() => {
    if (!menuOpen) return undefined;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (pointer: PointerEvent) => {
      if (!root.current?.contains(pointer.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen]);

  const closeMenu = () => {
    setMenuOpen(false);
    toggle.current?.focus();
  };

  const onMenuKeyDown = (key: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(key.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (key.key === 'Escape') {
      key.preventDefault();
      closeMenu();
    } else if (key.key === 'ArrowDown') {
      key.preventDefault();
      items[(current + 1) % items.length]?.focus();
    } else if (key.key === 'ArrowUp') {
      key.preventDefault();
      items[(current - 1 + items.length) % items.length]?.focus();
    } else if (key.key === 'Tab') {
      setMenuOpen(false);
    }
  };

  const choose = (action: () => void) => () => {
    setMenuOpen(false);
    action();
  };

  const hasImage = Boolean(event.image) && !imageFailed;
  // Issue 27: a member of the event's team sees only what their role allows.
  const allowed = (permission: string) => mayOn(event, permission);
  const roleLine = teamRoleLine(event);
  return (
    <li className="event-row" ref={root}>
      <div className="event-row__image">
        {hasImage ? (
          <EventPicture
            event={event}
            sizes="64px"
            alt={formatText(texts.eventList.imageOf, { name: event.name })}
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <ImagePlaceholder size={28} />
        )}
      </div>
      <div className="event-row__text">
        <p className="event-row__name">{event.name}</p>
        {roleLine ? <p className="event-row__role">{roleLine}</p> : null}
        <p className="event-row__date">
          <time dateTime={event.date.replace(' ', 'T')}>{formatListDate(event.date)}</time>
        </p>
        {event.photo_count !== undefined ? <p className="event-row__counts">{countsLine(event)}</p> : null}
      </div>
      <div className="event-row__menu">
        <button
          ref={toggle}
          type="button"
          className="mk-icon-button event-row__toggle"
          aria-label={formatText(texts.eventList.options, { name: event.name })}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          data-tour={tourTarget ? 'event-list-options' : undefined}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="5" r="2" fill="currentColor" />
            <circle cx="12" cy="12" r="2" fill="currentColor" />
            <circle cx="12" cy="19" r="2" fill="currentColor" />
          </svg>
        </button>
        {menuOpen ? (
          <ul id={menuId} role="menu" className="event-row__dropdown" aria-label={formatText(texts.eventList.options, { name: event.name })} onKeyDown={onMenuKeyDown}>
            <li role="none">
              <button type="button" role="menuitem" onClick={choose(() => onShare(event))}>
                {texts.eventList.share}
              </button>
            </li>
            <li role="none">
              <Link role="menuitem" to={paths.eventPhotos(event.id)}>
                {texts.eventList.photos}
              </Link>
            </li>
            <li role="none">
              <Link role="menuitem" to={paths.eventWall(event.id)}>
                {texts.eventList.wall}
              </Link>
            </li>
            {allowed('event.edit') ? (
              <li role="none">
                <Link role="menuitem" to={paths.eventPrintKit(event.id)}>
                  {texts.eventList.print}
                </Link>
              </li>
            ) : null}
            {allowed('event.edit') ? (
              <li role="none">
                <Link role="menuitem" to={`/events/register/${encodeURIComponent(event.id)}`}>
                  {texts.eventList.edit}
                </Link>
              </li>
            ) : null}
            {allowed('event.delete') ? (
              <li role="none">
                <button type="button" role="menuitem" className="event-row__danger" onClick={choose(() => onDelete(event))}>
                  {texts.eventList.remove}
                </button>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
