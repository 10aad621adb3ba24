import { useFormFields } from '../../forms/use-form-fields';
import { useState, type FormEvent } from 'react';
import { Button, Field, notify, useNavigate } from '@momentos/design-kit';
import { createFirstAccount, useAuthStore } from '@momentos/api-client';
import { texts } from '../../texts';
import { useForgetSessionData } from '../../layout/use-forget-session-data';
import { validateSetup, type SetupValues } from './setup-rules';

const t = texts.setup;
const order: (keyof SetupValues)[] = ['name', 'email', 'password', 'code'];

/** Issue 27: the first organiser, with the one-time code the server printed at start. */
export function SetupForm({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);
  const forgetSessionData = useForgetSessionData();
  const { values, errors, setErrors, set, check } = useFormFields<SetupValues>({ name: '', email: '', password: '', code: '' }, 'setup', order);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(validateSetup(values))) return;
    setSubmitting(true);
    const result = await createFirstAccount({ name: values.name.trim(), email: values.email.trim(), password: values.password, code: values.code.trim() });
    if (!result.ok) {
      setSubmitting(false);
      if (result.status === 403) {
        setErrors({ code: result.message });
        document.getElementById('setup-code')?.focus();
      } else notify.error(result.message);
      return;
    }
    forgetSessionData();
    signIn(result.data.token);
    navigate('/events', { replace: true });
  };

  return (
    <form className="entry__form" onSubmit={submit} noValidate aria-label={t.title}>
      <h2 className="entry__subtitle">{t.title}</h2>
      <Field id="setup-name" label={t.name} error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={set('name')} required />}
      </Field>
      <Field id="setup-email" label={t.email} error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" value={values.email} onChange={set('email')} required />}
      </Field>
      <Field id="setup-password" label={t.password} hint={t.passwordHint} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} required />}
      </Field>
      <Field id="setup-code" label={t.code} hint={t.codeHint} error={errors.code}>
        {(control) => (
          <input {...control} type="text" inputMode="numeric" autoComplete="one-time-code" placeholder="123-456" value={values.code} onChange={set('code')} required />
        )}
      </Field>
      <Button type="submit" block busy={submitting} busyLabel={t.submitting}>
        {t.submit}
      </Button>
      <Button variant="secondary" block className="entry__back" onClick={onBack}>
        {t.back}
      </Button>
    </form>
  );
}
