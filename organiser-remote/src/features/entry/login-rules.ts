import { texts } from '../../texts';
import type { FieldErrors } from '../../forms/use-form-fields';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = FieldErrors<LoginValues>;

/** Spec §5 login: both fields required, each with its own message. */
export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = texts.entry.emailRequired;
  if (!password) errors.password = texts.entry.passwordRequired;
  return errors;
}

/** Spec §4: a wrong login sets the error on both fields. */
export function failedLoginErrors(): LoginErrors {
  return { email: texts.entry.loginFailed, password: texts.entry.loginFailed };
}
