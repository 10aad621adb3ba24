import './loading-screen.css';

export interface LoadingScreenProps {
  /** Announced to screen readers while the screen shows. */
  label: string;
}

/** Full-screen loading state, shown while a remote or a page's data loads. */
export function LoadingScreen({ label }: LoadingScreenProps) {
  return (
    <div className="mk-loading-screen" role="status" aria-live="polite" aria-busy="true">
      <div className="mk-spinner" aria-hidden="true" />
      <span className="mk-visually-hidden">{label}</span>
    </div>
  );
}

/** Small inline spinner for buttons that are working ('Entrar', 'Cadastrar', 'Excluir'). */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label} className="mk-spinner mk-spinner--small" />
  );
}
