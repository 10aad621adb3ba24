import { texts } from '../../texts';
import { isEmail, MIN_PASSWORD_LENGTH } from '../../forms/field-rules';
import type { FieldErrors } from '../../forms/use-form-fields';

export interface SetupValues {
  name: string;
  email: string;
  password: string;
  code: string;
}

export type SetupErrors = FieldErrors<SetupValues>;

export type AccountValues = Omit<SetupValues, 'code'>;

/** A new account (issue 27: from an invite link, or the first one): name, e-mail, a password of 8 or more. */
export function validateAccount({ name, email, password }: AccountValues): SetupErrors {
  const errors: SetupErrors = {};
  if (!name.trim()) errors.name = texts.setup.nameRequired;
  if (!isEmail(email)) errors.email = texts.setup.emailRequired;
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = texts.setup.passwordTooShort;
  return errors;
}

/** The first account's form (issue 27): the same rules the server applies, each field its message. */
export function validateSetup(values: SetupValues): SetupErrors {
  const errors = validateAccount(values);
  if (!/^\d{6}$/.test(values.code.replace(/[\s-]/g, ''))) errors.code = texts.setup.codeRequired;
  return errors;
}
