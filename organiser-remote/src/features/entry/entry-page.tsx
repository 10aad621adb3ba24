import { lazy, Suspense, useState } from 'react';
import { Button, LoadingScreen, paintedPage, readFirstPaint, Spinner, useFirstIntent } from '@momentos/design-kit';
// The storage helpers alone (not the api-client entry with axios): step 1 needs no data layer.
import { readStored, storageKeys } from '@momentos/api-client/storage';
import type { SetupState } from '@momentos/api-client';
import type { EntryStepName } from './entry-steps';
import { texts } from '../../texts';
import '../../layout/organiser.css';
import './entry.css';

// Issue 29: the welcome (step 1) renders without the data layer (api-client, axios, SWR, zustand:
// 38 KB, and a long task to evaluate on a phone). The forms come in one chunk with it, fetched at the
// first touch on the page; the session check only when a credential is stored; the setup state's read
// unless the server painted that no first account is needed.
const loadSteps = () => import(/* webpackChunkName: "entry-steps" */ './entry-steps');
const EntryStep = lazy(loadSteps);
const SessionCheck = lazy(() => import('./session-check'));
const SetupStateSource = lazy(() => import('./setup-state-source'));

/**
 * Entry and login (spec §2 'Entry screen'): step 1 welcome, step 2 the login form; while the server
 * has no organiser yet (issue 27), step 1 offers 'Criar a primeira conta' (step 'setup').
 * Issue 29: the server paints step 1 (first-paint/entry.html) with the setup state it read; while that
 * view is on screen the first render starts from the same state, so it renders the same markup and
 * takes over without a change. A later visit in the app (after 'Sair') reads the state afresh.
 */
export default function EntryPage() {
  const [step, setStep] = useState<EntryStepName | 'welcome'>('welcome');
  const [forgotEmail, setForgotEmail] = useState('');
  const [painted] = useState(() => (paintedPage() === 'organiser_remote/entry' ? readFirstPaint<SetupState>('organiser_remote', 'entry') ?? undefined : undefined));
  const [setup, setSetup] = useState<SetupState | undefined>(painted);
  // The auth store holds the stored `auth` entry (read when the page loaded, kept in step with it).
  const [signedIn] = useState(() => readStored(storageKeys.auth) !== null);
  useFirstIntent(loadSteps, step === 'welcome');

  const entry = (
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
        {step === 'welcome' ? (
          <section className="entry__welcome" aria-label={texts.entry.welcome}>
            <p className="entry__lead">{texts.entry.welcome}</p>
            {setup?.needed ? (
              <>
                <p className="entry__setup-lead">{texts.setup.lead}</p>
                <Button block onClick={() => setStep('setup')}>
                  {texts.setup.start}
                </Button>
                <Button block variant="secondary" className="entry__back" onClick={() => setStep('login')}>
                  {texts.entry.login}
                </Button>
              </>
            ) : (
              <Button block onClick={() => setStep('login')}>
                {texts.entry.login}
              </Button>
            )}
            <p className="entry__privacy">{texts.entry.privacyNotice}</p>
          </section>
        ) : (
          <Suspense fallback={<Spinner label={texts.loading} />}>
            <EntryStep
              step={step}
              forgotEmail={forgotEmail}
              onStep={(next, email) => {
                if (email !== undefined) setForgotEmail(email);
                setStep(next);
              }}
            />
          </Suspense>
        )}
      </div>
      {/* Painted as needed, it is read again: an account may have been made since. */}
      {painted?.needed === false ? null : (
        <Suspense fallback={null}>
          <SetupStateSource onSetup={setSetup} />
        </Suspense>
      )}
    </main>
  );
  if (!signedIn) return entry;
  // A painted entry with a usable credential has gone on to /events already (first-paint/entry.html's
  // script); here it is a visit in the app, or a credential that script could not read or found
  // expired. The loading screen shows until it is checked, rather than the welcome flashing first.
  return (
    <Suspense fallback={<LoadingScreen label={texts.loading} />}>
      <SessionCheck>{entry}</SessionCheck>
    </Suspense>
  );
}
