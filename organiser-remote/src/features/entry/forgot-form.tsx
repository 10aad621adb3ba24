import { isEmail } from '../../forms/field-rules';
import { useState, type FormEvent } from 'react';
import { Button, Field, notify } from '@momentos/design-kit';
import { requestPasswordReset, type ForgotPasswordAnswer } from '@momentos/api-client';
import { texts } from '../../texts';

const t = texts.forgot;

/**
 * Issue 27 item 4: 'Esqueci minha senha'. The server answers the same whether or not the e-mail has
 * an account; without e-mail on the server the answer says to ask its administrator.
 */
export function ForgotForm({ onBack, initialEmail = '' }: { onBack: () => void; initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<ForgotPasswordAnswer | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(email)) {
      setError(t.emailRequired);
      document.getElementById('forgot-email')?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    const result = await requestPasswordReset(email.trim());
    setSubmitting(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    setAnswer(result.data);
  };

  if (answer) {
    return (
      <section className="entry__form" aria-label={t.title}>
        <h2 className="entry__subtitle">{answer.mail ? t.title : t.noMailTitle}</h2>
        <p className="entry__notice" role="status">
          {answer.message}
        </p>
        <Button block variant="secondary" className="entry__back" onClick={onBack}>
          {t.back}
        </Button>
      </section>
    );
  }

  return (
    <form className="entry__form" onSubmit={submit} noValidate aria-label={t.title}>
      <h2 className="entry__subtitle">{t.title}</h2>
      <p className="entry__notice">{t.lead}</p>
      <Field id="forgot-email" label={t.email} error={error}>
        {(control) => (
          <input {...control} type="email" autoComplete="email" inputMode="email" value={email} onChange={(change) => setEmail(change.target.value)} required />
        )}
      </Field>
      <Button type="submit" block busy={submitting} busyLabel={t.submitting}>
        {t.submit}
      </Button>
      <Button block variant="secondary" className="entry__back" onClick={onBack}>
        {t.back}
      </Button>
    </form>
  );
}
