import type { PhotoOrder } from '@momentos/api-client';
import { texts } from '../../texts';

/** Issue 25: 'Mais recentes' (newest sent first) or 'Ordem das fotos' (the order they were taken, unknown last). */
export function OrderToggle({ order, onChange }: { order: PhotoOrder; onChange: (order: PhotoOrder) => void }) {
  const choices: Array<[PhotoOrder, string]> = [
    ['recent', texts.orderRecent],
    ['taken', texts.orderTaken],
  ];
  return (
    <div className="gallery-order" role="group" aria-label={texts.orderLabel}>
      {choices.map(([value, label]) => (
        <button key={value} type="button" className="gallery-order__choice" aria-pressed={order === value} onClick={() => onChange(value)}>
          {label}
        </button>
      ))}
    </div>
  );
}
