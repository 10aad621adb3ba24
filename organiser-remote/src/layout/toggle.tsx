import './toggle.css';

/**
 * An on/off switch with its label (and an optional hint), shared by the album form and 'Notificações'.
 * A checkbox with role="switch": keyboard and screen readers work as with any checkbox.
 */
export function Toggle({ id, label, hint, checked, disabled, onChange }: { id: string; label: string; hint?: string; checked: boolean; disabled?: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="album-toggle">
      <span className="album-toggle__text">
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <span id={`${id}-hint`} className="album-toggle__hint">
            {hint}
          </span>
        ) : null}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="album-toggle__switch"
        checked={checked}
        disabled={disabled}
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(change) => onChange(change.target.checked)}
      />
    </div>
  );
}
