import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FeedbackDialog, Spinner } from '@momentos/design-kit';
import { createEvent, resolveApiUrl, updateEvent, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';
import {
  emptyEventForm,
  imageSizeError,
  isSaved,
  joinDateTime,
  splitDateTime,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form-rules';

/** Redirect after a successful save (spec §9). */
export const redirectAfterSaveMs = 2000;

const t = texts.eventForm;

type Feedback = { kind: 'success' | 'error'; title: string; message: string } | null;

function valuesOf(event: EventItem | null): EventFormValues {
  if (!event) return emptyEventForm;
  return { name: event.name, ...splitDateTime(event.date), location: event.location, contact: event.contact };
}

export function GeneralSkeleton() {
  return (
    <div className="event-form__skeleton" aria-busy="true" role="status" aria-label={t.loadingEvent}>
      <span className="org-skeleton event-form__skeleton-preview" />
      {Array.from({ length: 5 }, (_, index) => (
        <span key={index} className="org-skeleton event-form__skeleton-field" />
      ))}
      <span className="org-skeleton event-form__skeleton-button" />
    </div>
  );
}

/** 'Dados gerais': round preview, the fields, the image picker and Cadastrar / Atualizar. */
export function GeneralTab({ id, event }: { id?: string; event: EventItem | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<EventFormValues>(() => valuesOf(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setValues(valuesOf(event)), [event]);
  useEffect(() => () => clearTimeout(redirect.current), []);
  useEffect(() => {
    if (!image) return undefined;
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const change = (key: keyof EventFormValues) => (input: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: input.target.value }));

  const pickImage = (input: ChangeEvent<HTMLInputElement>) => {
    const file = input.target.files?.[0] ?? null;
    const tooLarge = imageSizeError(file);
    setErrors((current) => ({ ...current, image: tooLarge ?? undefined }));
    if (tooLarge) {
      input.target.value = '';
      setImage(null);
      setPreview(null);
      return;
    }
    setImage(file);
    if (!file) setPreview(null);
  };

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    const found = validateEventForm(values);
    const imageError = imageSizeError(image);
    if (imageError) found.image = imageError;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`event-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    const input = {
      name: values.name.trim(),
      date: joinDateTime(values.date, values.time),
      location: values.location.trim(),
      contact: values.contact.trim(),
      image,
    };
    const result = id ? await updateEvent(id, input) : await createEvent(input);
    setSubmitting(false);
    if (isSaved(result.status)) {
      setFeedback(
        id
          ? { kind: 'success', title: t.updatedTitle, message: t.updatedMessage }
          : { kind: 'success', title: t.createdTitle, message: t.createdMessage },
      );
      redirect.current = setTimeout(() => void navigate('/events'), redirectAfterSaveMs);
    } else {
      setFeedback({ kind: 'error', title: t.errorTitle, message: t.errorMessage });
    }
  };

  const field = (key: keyof EventFormValues, label: string, type: string, extra: Record<string, string> = {}) => (
    <div className="org-field">
      <label htmlFor={`event-${key}`}>{label}</label>
      <input
        id={`event-${key}`}
        className="org-input"
        type={type}
        value={values[key]}
        onChange={change(key)}
        required
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `event-${key}-error` : undefined}
        {...extra}
      />
      {errors[key] ? (
        <p id={`event-${key}-error`} className="org-error">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  const shownImage = preview ?? (event?.image ? resolveApiUrl(event.image) : null);
  return (
    <form className="event-form" onSubmit={submit} noValidate>
      <div className="event-form__preview">
        {shownImage ? (
          <img src={shownImage} alt={t.previewAlt} width={120} height={120} />
        ) : (
          <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true" focusable="false">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="M21 16l-5-5-8 8" />
          </svg>
        )}
      </div>
      {field('name', t.name, 'text', { autoComplete: 'off' })}
      <div className="event-form__row">
        {field('date', t.date, 'date')}
        {field('time', t.time, 'time')}
      </div>
      {field('location', t.location, 'text')}
      {field('contact', t.contact, 'email', { autoComplete: 'email', inputMode: 'email' })}
      <div className="org-field">
        <label htmlFor="event-image">{t.image}</label>
        <input
          id="event-image"
          className="org-input event-form__file"
          type="file"
          onChange={pickImage}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={errors.image ? 'event-image-hint event-image-error' : 'event-image-hint'}
        />
        <p id="event-image-hint" className="org-hint">
          {t.imageHint}
        </p>
        {errors.image ? (
          <p id="event-image-error" className="org-error" role="alert">
            {errors.image}
          </p>
        ) : null}
      </div>
      <button type="submit" className="mk-button org-button-block" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? <Spinner label={t.saving} /> : null}
        {id ? t.update : t.create}
      </button>
      <FeedbackDialog
        open={feedback !== null}
        kind={feedback?.kind ?? 'success'}
        title={feedback?.title ?? ''}
        message={feedback?.message ?? ''}
        closeLabel={t.closeDialog}
        onClose={() => setFeedback(null)}
      />
    </form>
  );
}
