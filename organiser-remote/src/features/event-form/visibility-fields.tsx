import type { EventItem } from '@momentos/api-client';
import { Field } from '@momentos/design-kit';
import { texts } from '../../texts';
import '../../layout/choice.css';

const t = texts.eventForm;

/** The form's part of issue 12: visibility, its reveal date, the end of sending ('' for none), as datetime-local values. */
export interface VisibilityValues {
  visibility: 'open' | 'upload_only' | 'reveal';
  revealAt: string;
  uploadsCloseAt: string;
  /** The guests' PIN, '' for none. */
  pin: string;
  /** Issue 26: 'Aprovar recados antes de publicar?'. */
  messagesRequireApproval: boolean;
  /** Issue 22: 'Convidados podem baixar as fotos' (the originals). */
  guestDownloads: boolean;
}

/** 'YYYY-MM-DD HH:mm' (stored) ↔ 'YYYY-MM-DDTHH:mm' (datetime-local). */
const toInput = (stored: string | null | undefined) => (stored ? stored.replace(' ', 'T').slice(0, 16) : '');
const toStored = (input: string) => (input ? input.replace('T', ' ').slice(0, 16) : '');

export const visibilityOf = (event: EventItem | null): VisibilityValues => ({
  visibility: event?.visibility ?? 'open',
  revealAt: toInput(event?.reveal_at),
  uploadsCloseAt: toInput(event?.uploads_close_at),
  pin: event?.pin ?? '',
  messagesRequireApproval: event?.messages_require_approval ?? false,
  guestDownloads: event?.guest_downloads ?? true,
});

/** The fields as the API takes them. */
export const visibilityInput = (values: VisibilityValues) => ({
  visibility: values.visibility,
  reveal_at: values.visibility === 'reveal' ? toStored(values.revealAt) : '',
  uploads_close_at: toStored(values.uploadsCloseAt),
  pin: values.pin.trim(),
  messages_require_approval: values.messagesRequireApproval,
  guest_downloads: values.guestDownloads,
});

export const visibilityError = (values: VisibilityValues) => (values.visibility === 'reveal' && !values.revealAt ? t.revealRequired : undefined);

export const pinError = (values: VisibilityValues) => (values.pin.trim() && !/^\d{4,8}$/.test(values.pin.trim()) ? t.pinInvalid : undefined);

const options = [
  { value: 'open', label: t.visibilityOpen, hint: t.visibilityOpenHint },
  { value: 'upload_only', label: t.visibilityUploadOnly, hint: t.visibilityUploadOnlyHint },
  { value: 'reveal', label: t.visibilityReveal, hint: t.visibilityRevealHint },
] as const;

export function VisibilityFields({
  values,
  error,
  pinProblem,
  onChange,
}: {
  values: VisibilityValues;
  error?: string;
  pinProblem?: string;
  onChange: (values: VisibilityValues) => void;
}) {
  return (
    <>
      <fieldset className="event-form__visibility">
        <legend>{t.visibilityLegend}</legend>
        {options.map((option) => (
          <label key={option.value} className="choice event-form__choice" htmlFor={`event-visibility-${option.value}`}>
            <input
              id={`event-visibility-${option.value}`}
              type="radio"
              name="event-visibility"
              value={option.value}
              checked={values.visibility === option.value}
              onChange={() => onChange({ ...values, visibility: option.value })}
            />
            {option.label}
            <span className="choice__hint event-form__choice-hint">{option.hint}</span>
          </label>
        ))}
      </fieldset>
      {values.visibility === 'reveal' ? (
        <Field id="event-revealAt" label={t.revealAt} error={error}>
          {(control) => <input {...control} type="datetime-local" value={values.revealAt} onChange={(input) => onChange({ ...values, revealAt: input.target.value })} required />}
        </Field>
      ) : null}
      <Field id="event-uploadsCloseAt" label={t.uploadsCloseAt} hint={t.uploadsCloseHint}>
        {(control) => <input {...control} type="datetime-local" value={values.uploadsCloseAt} onChange={(input) => onChange({ ...values, uploadsCloseAt: input.target.value })} />}
      </Field>
      <Field id="event-pin" label={t.pin} hint={/^\d{4,5}$/.test(values.pin.trim()) ? t.pinShortHint : t.pinHint} error={pinProblem}>
        {(control) => (
          <input
            {...control}
            value={values.pin}
            inputMode="numeric"
            maxLength={8}
            placeholder="6 números"
            autoComplete="off"
            onChange={(input) => onChange({ ...values, pin: input.target.value })}
          />
        )}
      </Field>
      <div className="album-toggle">
        <label htmlFor="event-messages-approval">{t.messagesRequireApproval}</label>
        <input
          id="event-messages-approval"
          type="checkbox"
          role="switch"
          className="album-toggle__switch"
          checked={values.messagesRequireApproval}
          aria-checked={values.messagesRequireApproval}
          onChange={(change) => onChange({ ...values, messagesRequireApproval: change.target.checked })}
        />
      </div>
      <label className="choice event-form__choice" htmlFor="event-guestDownloads">
        <input
          id="event-guestDownloads"
          type="checkbox"
          checked={values.guestDownloads}
          onChange={(input) => onChange({ ...values, guestDownloads: input.target.checked })}
        />
        {t.guestDownloads}
        <span className="choice__hint event-form__choice-hint">{t.guestDownloadsHint}</span>
      </label>
    </>
  );
}
