import type { PhotoItem } from '@momentos/api-client';
import { Button, formatText } from '@momentos/design-kit';
import { texts } from '../../texts';
import { availableActions, type ModerationAction } from './event-photos-rules';

interface SelectionBarProps {
  selected: readonly PhotoItem[];
  total: number;
  working: ModerationAction | 'delete' | 'download' | null;
  onSelectAll: () => void;
  onModerate: (action: ModerationAction) => void;
  onDelete: () => void;
}

/** What can be done to the selected photos: only the actions that change something are enabled. */
export function SelectionBar({ selected, total, working, onSelectAll, onModerate, onDelete }: SelectionBarProps) {
  const can = availableActions(selected);
  const busy = working !== null;
  return (
    <div className="event-photos__selection" role="toolbar" aria-label={texts.selectionActions}>
      <p className="event-photos__count" aria-live="polite">
        {formatText(texts.selectedCount, { n: selected.length })}
      </p>
      {selected.length < total ? (
        <Button variant="secondary" onClick={onSelectAll} disabled={busy}>
          {texts.selectAll}
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => onModerate('hide')} disabled={busy || !can.hide} busy={working === 'hide'} busyLabel={texts.hide}>
        {texts.hide}
      </Button>
      <Button variant="secondary" onClick={() => onModerate('show')} disabled={busy || !can.show} busy={working === 'show'} busyLabel={texts.show}>
        {texts.show}
      </Button>
      <Button onClick={() => onModerate('approve')} disabled={busy || !can.approve} busy={working === 'approve'} busyLabel={texts.approve}>
        {texts.approve}
      </Button>
      <Button variant="danger" onClick={onDelete} disabled={busy || !can.remove}>
        {texts.deletePhoto}
      </Button>
    </div>
  );
}
