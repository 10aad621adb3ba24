import { useFormFields } from '../../forms/use-form-fields';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button, Field, formatText, notify, Spinner, useNavigate, useParams } from '@momentos/design-kit';
import { apiKeys, dataOf, getPasswordResetLink, resetPassword, useAuthStore } from '@momentos/api-client';
import { texts } from '../../texts';
import { useForgetSessionData } from '../../layout/use-forget-session-data';
import { validateNewPassword, type NewPasswordValues } from './password-rules';
import { EntryCard, LinkGone } from '../entry/entry-card';

const t = texts.passwordReset;

/**
 * Issue 27 item 4: the link from 'Esqueci minha senha' (`/redefinir-senha/{token}`): a new password,
 * once, within the hour. Every session of the account ends, this page's too: it then goes to the login.
 */
export default function PasswordResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const signOut = useAuthStore((state) => state.signOut);
  const forgetSessionData = useForgetSessionData();
  const { data: link, error } = useSWR(apiKeys.passwordReset(token), () => dataOf(getPasswordResetLink(token)), { shouldRetryOnError: false, revalidateOnFocus: false });
  const { values, errors, set, check } = useFormFields<NewPasswordValues>({ password: '', confirm: '' }, 'reset', ['password', 'confirm']);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(validateNewPassword(values))) return;
    setSubmitting(true);
    const result = await resetPassword(token, values.password);
    setSubmitting(false);
    if (!result.ok) {
      if (result.status === 404) setFailed(result.message);
      else notify.error(result.message);
      return;
    }
    // The server ended every session of the account: this browser forgets its own.
    signOut();
    forgetSessionData();
    notify.success(t.done);
    navigate('/', { replace: true });
  };

  let body;
  if (error || failed) {
    body = <LinkGone message={failed ?? t.invalid} back={t.toLogin} />;
  } else if (!link) {
    body = <Spinner label={t.loading} />;
  } else {
    body = (
      <form className="entry__form" onSubmit={submit} noValidate aria-label={t.title}>
        <p className="entry__notice">{formatText(t.lead, { email: link.email })}</p>
        {/* The account's e-mail, for password managers (hidden from view and from screen readers' forms). */}
        <input type="email" autoComplete="username" value={link.email} readOnly hidden />
        <Field id="reset-password" label={t.password} hint={t.passwordHint} error={errors.password}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} required />}
        </Field>
        <Field id="reset-confirm" label={t.confirm} error={errors.confirm}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} required />}
        </Field>
        <Button type="submit" block busy={submitting} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </form>
    );
  }

  return <EntryCard title={t.title}>{body}</EntryCard>;
}
