import { useState } from 'react';
import useSWR from 'swr';
import { Button, Navigate, paintedPage, readFirstPaint } from '@momentos/design-kit';
import { apiKeys, dataOf, getSetupState, isTokenUsable, useAuthStore, type SetupState } from '@momentos/api-client';
import { texts } from '../../texts';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { SetupForm } from './setup-form';
import '../../layout/organiser.css';
import './entry.css';

/**
 * Entry and login (spec §2 'Entry screen'): step 1 welcome, step 2 the login form; while the server
 * has no organiser yet (issue 27), step 1 offers 'Criar a primeira conta' (step 'setup').
 * Issue 29: the server paints step 1 (first-paint/entry.html) with the setup state it read; while that
 * view is on screen the first render starts from the same state, so it renders the same markup and
 * takes over without a change. A later visit in the app (after 'Sair') reads the state afresh.
 */
export default function EntryPage() {
  const token = useAuthStore((state) => state.token);
  const [step, setStep] = useState<1 | 2 | 'setup' | 'forgot'>(1);
  const [forgotEmail, setForgotEmail] = useState('');
  const [painted] = useState(() => (paintedPage() === 'organiser_remote/entry' ? readFirstPaint<SetupState>('organiser_remote', 'entry') ?? undefined : undefined));
  const { data: setup } = useSWR(apiKeys.setupState(), () => dataOf(getSetupState()), { shouldRetryOnError: false, fallbackData: painted });

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
            {setup?.needed ? (
              <>
                <p className="entry__setup-lead">{texts.setup.lead}</p>
                <Button block onClick={() => setStep('setup')}>
                  {texts.setup.start}
                </Button>
                <Button block variant="secondary" className="entry__back" onClick={() => setStep(2)}>
                  {texts.entry.login}
                </Button>
              </>
            ) : (
              <Button block onClick={() => setStep(2)}>
                {texts.entry.login}
              </Button>
            )}
            <p className="entry__privacy">{texts.entry.privacyNotice}</p>
          </section>
        ) : step === 'setup' ? (
          <SetupForm onBack={() => setStep(1)} />
        ) : step === 'forgot' ? (
          <ForgotForm initialEmail={forgotEmail} onBack={() => setStep(2)} />
        ) : (
          <LoginForm
            onForgot={(email) => {
              setForgotEmail(email);
              setStep('forgot');
            }}
          />
        )}
      </div>
    </main>
  );
}
