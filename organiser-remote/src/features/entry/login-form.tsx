import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { login, readStored, storageKeys, useAuthStore, writeStored } from '@momentos/api-client';
import { Spinner } from '@momentos/design-kit';
import { texts } from '../../texts';
import { failedLoginErrors, validateLogin, type LoginErrors } from './login-rules';

const readSavedEmail = () => readStored(storageKeys.savedEmail) ?? '';

/** Step 2 of the entry screen: e-mail, password, 'Salvar e-mail', 'Ajuda' and 'Entrar'. */
export function LoginForm() {
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);
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
    if (!result.token) {
      setSubmitting(false);
      setErrors(failedLoginErrors());
      return;
    }
    writeStored(storageKeys.savedEmail, saveEmail ? email.trim() : null);
    signIn(result.token);
    navigate('/events', { replace: true });
  };

  return (
    <form className="entry__form" onSubmit={submit} noValidate aria-label={texts.entry.formTitle}>
      <h2 className="entry__subtitle">{texts.entry.formTitle}</h2>
      <div className="org-field">
        <label htmlFor="login-email">{texts.entry.email}</label>
        <input
          id="login-email"
          className="org-input"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          required
        />
        {errors.email ? (
          <p id="login-email-error" className="org-error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="org-field">
        <label htmlFor="login-password">{texts.entry.password}</label>
        <input
          id="login-password"
          className="org-input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          required
        />
        {errors.password ? (
          <p id="login-password-error" className="org-error">
            {errors.password}
          </p>
        ) : null}
      </div>
      <div className="entry__row">
        <label className="entry__check">
          <input type="checkbox" checked={saveEmail} onChange={(event) => setSaveEmail(event.target.checked)} />
          {texts.entry.saveEmail}
        </label>
        <details className="entry__help">
          <summary>{texts.entry.help}</summary>
          <p>{texts.entry.helpText}</p>
        </details>
      </div>
      <button type="submit" className="mk-button org-button-block" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? <Spinner label={texts.entry.submitting} /> : null}
        {texts.entry.submit}
      </button>
    </form>
  );
}
