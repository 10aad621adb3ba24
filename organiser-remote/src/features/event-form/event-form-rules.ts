import { isEmail } from '../../forms/field-rules';
import { formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

export interface EventFormValues {
  name: string;
  date: string;
  time: string;
  location: string;
  contact: string;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues | 'image' | 'revealAt' | 'pin' | 'videoMax', string>>;

export const emptyEventForm: EventFormValues = { name: '', date: '', time: '', location: '', contact: '' };

/** The event image hint 'Tamanho máx: 5MB', enforced before sending. */
export const maxImageBytes = 5 * 1024 * 1024;

/** Spec §5 event form: name, date, time and location required; contact required and an e-mail. */
export function validateEventForm(values: EventFormValues): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const key of ['name', 'date', 'time', 'location', 'contact'] as const) {
    if (!values[key].trim()) errors[key] = texts.eventForm.required;
  }
  if (!errors.contact && !isEmail(values.contact)) errors.contact = texts.eventForm.invalidEmail;
  return errors;
}

/** A picked image larger than 5 MB is refused with a Portuguese message; otherwise null. */
export function imageSizeError(file: Pick<File, 'size'> | null): string | null {
  if (!file || file.size <= maxImageBytes) return null;
  const size = (file.size / (1024 * 1024)).toFixed(1).replace('.', ',');
  return formatText(texts.eventForm.imageTooLarge, { size });
}

/** Spec §4: date and time are joined as 'YYYY-MM-DD HH:mm' on submit. */
export function joinDateTime(date: string, time: string): string {
  return `${date} ${time.slice(0, 5)}`;
}

/** The stored 'YYYY-MM-DD HH:mm' split into the form's date and time parts. */
export function splitDateTime(stored: string): { date: string; time: string } {
  const [date = '', time = ''] = stored.trim().split(/[ T]/);
  return { date, time: time.slice(0, 5) };
}
