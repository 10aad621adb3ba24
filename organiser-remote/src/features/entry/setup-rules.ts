import { texts } from '../../texts';

export interface SetupValues {
  name: string;
  email: string;
  password: string;
  code: string;
}

export type SetupErrors = Partial<Record<keyof SetupValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first account's form (issue 27): the same rules the server applies, each field its message. */
export function validateSetup({ name, email, password, code }: SetupValues): SetupErrors {
  const errors: SetupErrors = {};
  if (!name.trim()) errors.name = texts.setup.nameRequired;
  if (!EMAIL.test(email.trim())) errors.email = texts.setup.emailRequired;
  if (password.length < 8) errors.password = texts.setup.passwordTooShort;
  if (!/^\d{6}$/.test(code.replace(/[\s-]/g, ''))) errors.code = texts.setup.codeRequired;
  return errors;
}
