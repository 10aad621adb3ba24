import { texts } from '../../texts';
import { isEmail, MIN_PASSWORD_LENGTH } from '../../forms/field-rules';
import type { FieldErrors } from '../../forms/use-form-fields';

export interface NewPasswordValues {
  password: string;
  confirm: string;
}

export type NewPasswordErrors = FieldErrors<NewPasswordValues>;

/** A new password (reset link, 'Minha conta'): 8 characters or more, typed twice the same. */
export function validateNewPassword({ password, confirm }: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) errors.password = texts.password.tooShort;
  else if (password !== confirm) errors.confirm = texts.password.mismatch;
  return errors;
}

export interface AccountDetails {
  name: string;
  email: string;
  currentPassword: string;
}

export type AccountDetailsErrors = FieldErrors<AccountDetails>;

/** 'Seus dados': a name, a valid e-mail, and the current password when the e-mail changes. */
export function validateAccountDetails(values: AccountDetails, savedEmail: string): AccountDetailsErrors {
  const errors: AccountDetailsErrors = {};
  if (!values.name.trim()) errors.name = texts.setup.nameRequired;
  if (!isEmail(values.email)) errors.email = texts.setup.emailRequired;
  else if (emailChanged(values.email, savedEmail) && !values.currentPassword) errors.currentPassword = texts.password.currentRequired;
  return errors;
}

export const emailChanged = (email: string, savedEmail: string) => email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
