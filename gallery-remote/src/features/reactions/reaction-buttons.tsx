import { texts } from '../../texts';

/** 'Curtir': a heart with the photo's count; pressed when this device gave one. */
export function HeartButton({ count, pressed, onToggle, className = '' }: { count: number; pressed: boolean; onToggle: () => void; className?: string }) {
  return (
    <button
      type="button"
      className={`reaction-button reaction-button--heart ${pressed ? 'reaction-button--on' : ''} ${className}`}
      aria-pressed={pressed}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.6 4.5c2.2 0 3.6 1.3 4.4 2.6.8-1.3 2.2-2.6 4.4-2.6 3.7 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {/* The name reads 'Curtir: n curtidas'; the number is what shows. */}
      <span className="mk-visually-hidden">{texts.like}:</span>
      <span className="reaction-button__count">{count}</span>
      <span className="mk-visually-hidden">{texts.likes}</span>
    </button>
  );
}

/** 'Favoritar': the organiser's star. */
export function StarButton({ pressed, onToggle, className = '' }: { pressed: boolean; onToggle: () => void; className?: string }) {
  return (
    <button
      type="button"
      className={`reaction-button reaction-button--star ${pressed ? 'reaction-button--on' : ''} ${className}`}
      aria-pressed={pressed}
      aria-label={texts.favorite}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" fill={pressed ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
