import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, type Feedback, FeedbackDialog, Field, ImagePlaceholder, useNavigate } from '@momentos/design-kit';
import type { EventItem } from '@momentos/api-client';
import { EventPicture } from '../../layout/event-picture';
import { texts } from '../../texts';
import { useSaveEvent } from './api/use-event';
import {
  emptyEventForm,
  imageSizeError,
  joinDateTime,
  splitDateTime,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form-rules';
import { pinError, VisibilityFields, visibilityError, visibilityInput, visibilityOf, type VisibilityValues } from './visibility-fields';
import { videoMaxError, videoMaxOf } from './video-limit-field';

/** Redirect after a successful save (spec §9). */
export const redirectAfterSaveMs = 2000;

const t = texts.eventForm;

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
  const saveEvent = useSaveEvent(id);
  const [values, setValues] = useState<EventFormValues>(() => valuesOf(event));
  const [rules, setRules] = useState<VisibilityValues>(() => visibilityOf(event));
  // Issue 25: 'Duração máxima dos vídeos' in seconds; empty for the server's default.
  const [videoMax, setVideoMax] = useState(() => videoMaxOf(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setValues(valuesOf(event));
    setRules(visibilityOf(event));
    setVideoMax(videoMaxOf(event));
  }, [event]);
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
    const rulesError = visibilityError(rules);
    if (rulesError) found.revealAt = rulesError;
    const pinProblem = pinError(rules);
    if (pinProblem) found.pin = pinProblem;
    const videoMaxProblem = videoMaxError(videoMax);
    if (videoMaxProblem) found.videoMax = videoMaxProblem;
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
      ...visibilityInput(rules),
      video_max_seconds: videoMax.trim(),
      image,
    };
    const result = await saveEvent(input);
    setSubmitting(false);
    if (result.ok) {
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
    <Field id={`event-${key}`} label={label} error={errors[key]}>
      {(control) => <input {...control} type={type} value={values[key]} onChange={change(key)} required {...extra} />}
    </Field>
  );

  return (
    <form className="event-form" onSubmit={submit} noValidate>
      <div className="event-form__preview">
        {preview ? (
          <img src={preview} alt={t.previewAlt} width={120} height={120} />
        ) : event?.image ? (
          <EventPicture event={event} sizes="120px" alt={t.previewAlt} width={120} height={120} />
        ) : (
          <ImagePlaceholder size={40} />
        )}
      </div>
      {field('name', t.name, 'text', { autoComplete: 'off' })}
      <div className="event-form__row">
        {field('date', t.date, 'date')}
        {field('time', t.time, 'time')}
      </div>
      {field('location', t.location, 'text')}
      {field('contact', t.contact, 'email', { autoComplete: 'email', inputMode: 'email' })}
      <VisibilityFields values={rules} error={errors.revealAt} pinProblem={errors.pin} onChange={setRules} />
      <Field id="event-videoMax" label={t.videoMax} hint={t.videoMaxHint} error={errors.videoMax}>
        {(control) => (
          <input {...control} type="number" inputMode="numeric" min={1} max={86400} step={1} value={videoMax} onChange={(input) => setVideoMax(input.target.value)} />
        )}
      </Field>
      <Field id="event-image" label={t.image} hint={t.imageHint} error={errors.image} errorRole="alert">
        {(control) => <input {...control} className={`${control.className} event-form__file`} type="file" onChange={pickImage} />}
      </Field>
      <Button type="submit" block busy={submitting} busyLabel={t.saving}>
        {id ? t.update : t.create}
      </Button>
      <FeedbackDialog feedback={feedback} closeLabel={t.closeDialog} onClose={() => setFeedback(null)} />
    </form>
  );
}
