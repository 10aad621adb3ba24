import { useState, type FormEvent } from 'react';
import { Button, Field, useNavigate } from '@momentos/design-kit';
import { login, readStored, storageKeys, useAuthStore, writeStored } from '@momentos/api-client';
import { texts } from '../../texts';
import { useForgetSessionData } from '../../layout/use-forget-session-data';
import { failedLoginErrors, validateLogin, type LoginErrors } from './login-rules';

const readSavedEmail = () => readStored(storageKeys.savedEmail) ?? '';

/**
 * Step 2 of the entry screen: e-mail, password, 'Salvar e-mail', 'Ajuda', 'Entrar' and (issue 27,
 * with `onForgot`) 'Esqueci minha senha'. `stay` keeps
 * the page after signing in (issue 27: the invite page then offers 'Aceitar convite').
 */
export function LoginForm({ stay = false, onForgot }: { stay?: boolean; onForgot?: (email: string) => void } = {}) {
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);
  const forgetSessionData = useForgetSessionData();
  const [email, setEmail] = useState(readSavedEmail);
  const [password, setPassword] = useState('');
  const [saveEmail, setSaveEmail] = useState(() => readSavedEmail() !== '');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setSubmitting(true);
    const result = await login({ email: email.trim(), password });
    if (!result.ok) {
      setSubmitting(false);
      setErrors(failedLoginErrors());
      return;
    }
    writeStored(storageKeys.savedEmail, saveEmail ? email.trim() : null);
    forgetSessionData();
    signIn(result.data.token);
    if (!stay) navigate('/events', { replace: true });
  };

  return (
    <form className="entry__form" onSubmit={submit} noValidate aria-label={texts.entry.formTitle}>
      <h2 className="entry__subtitle">{texts.entry.formTitle}</h2>
      <Field id="login-email" label={texts.entry.email} error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" value={email} onChange={(change) => setEmail(change.target.value)} required />}
      </Field>
      <Field id="login-password" label={texts.entry.password} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(change) => setPassword(change.target.value)} required />}
      </Field>
      <div className="entry__row">
        <label className="entry__check">
          <input type="checkbox" checked={saveEmail} onChange={(change) => setSaveEmail(change.target.checked)} />
          {texts.entry.saveEmail}
        </label>
        <details className="entry__help">
          <summary>{texts.entry.help}</summary>
          <p>{texts.entry.helpText}</p>
        </details>
      </div>
      <Button type="submit" block busy={submitting} busyLabel={texts.entry.submitting}>
        {texts.entry.submit}
      </Button>
      {onForgot ? (
        <button type="button" className="entry__forgot" onClick={() => onForgot(email.trim())}>
          {texts.forgot.link}
        </button>
      ) : null}
    </form>
  );
}
