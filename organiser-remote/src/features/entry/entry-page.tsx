import { useState } from 'react';
import { Button, Navigate } from '@momentos/design-kit';
import { isTokenUsable, useAuthStore } from '@momentos/api-client';
import { texts } from '../../texts';
import { LoginForm } from './login-form';
import '../../layout/organiser.css';
import './entry.css';

/** Entry and login (spec §2 'Entry screen'): step 1 welcome, step 2 the login form. */
export default function EntryPage() {
  const token = useAuthStore((state) => state.token);
  const [step, setStep] = useState<1 | 2>(1);

  if (isTokenUsable(token)) return <Navigate to="/events" replace />;

  return (
    <main className="entry">
      <div className="entry__card">
        <div className="entry__logo" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <rect x="4" y="12" width="40" height="28" rx="6" fill="#6366f1" />
            <path d="M17 12l3-5h8l3 5" fill="#6366f1" />
            <circle cx="24" cy="26" r="8" fill="#fff" />
            <circle cx="24" cy="26" r="4.5" fill="#6366f1" />
          </svg>
        </div>
        <h1 className="entry__title">{texts.appName}</h1>
        {step === 1 ? (
          <section className="entry__welcome" aria-label={texts.entry.welcome}>
            <p className="entry__lead">{texts.entry.welcome}</p>
            <Button block onClick={() => setStep(2)}>
              {texts.entry.login}
            </Button>
            <p className="entry__privacy">{texts.entry.privacyNotice}</p>
          </section>
        ) : (
          <LoginForm />
        )}
      </div>
    </main>
  );
}
