import { useState } from 'react';

/** A form's messages, one per field at most. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * The text fields of an organiser's form (setup, invite account, 'Minha conta', password reset): the
 * values, their messages, an onChange per field, and `check`, which shows a validation's messages
 * and puts the focus on the first field (in `order`) that has one. Field ids are `${idPrefix}-${key}`.
 */
export function useFormFields<T extends { [K in keyof T]: string }, E extends FieldErrors<T> = FieldErrors<T>>(initial: T, idPrefix: string, order: readonly (keyof E & string)[]) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<E>({} as E);
  const set = (key: keyof T) => (change: { target: { value: string } }) => setValues((now) => ({ ...now, [key]: change.target.value }));
  /** Shows `found`; answers whether the form is valid (else the first field with a message has the focus). */
  const check = (found: E) => {
    setErrors(found);
    const first = order.find((key) => found[key]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return first === undefined;
  };
  return { values, setValues, errors, setErrors, set, check };
}
