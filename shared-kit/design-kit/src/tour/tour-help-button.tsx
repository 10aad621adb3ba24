import { useId } from 'react';
import './tour.css';

export interface TourHelpButtonProps {
  /** 'Ajuda' */
  label: string;
  /** 'Iniciar tour de ajuda' */
  tooltip: string;
  onClick: () => void;
  className?: string;
}

/** The help button that starts a screen's tour, with its tooltip on hover and keyboard focus. */
export function TourHelpButton({ label, tooltip, onClick, className }: TourHelpButtonProps) {
  const tooltipId = useId();
  return (
    <span className={`mk-tour-help ${className ?? ''}`}>
      <button type="button" className="mk-tour-help__button" aria-describedby={tooltipId} onClick={onClick}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="17" r="1.2" fill="currentColor" />
        </svg>
        <span>{label}</span>
      </button>
      <span role="tooltip" id={tooltipId} className="mk-tour-help__tooltip">
        {tooltip}
      </span>
    </span>
  );
}
