import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { SetupForm } from './setup-form';

export type EntryStepName = 'login' | 'setup' | 'forgot';

export interface EntryStepProps {
  step: EntryStepName;
  /** The e-mail typed on the login form, for 'Esqueci minha senha'. */
  forgotEmail: string;
  onStep: (step: EntryStepName | 'welcome', forgotEmail?: string) => void;
}

/**
 * The entry's steps after the welcome, in one chunk with the data layer they send through
 * (entry-page.tsx loads it at the first touch on the page). One component, so that going from one
 * step to another once it has loaded never shows the loading state again.
 */
export default function EntryStep({ step, forgotEmail, onStep }: EntryStepProps) {
  if (step === 'setup') return <SetupForm onBack={() => onStep('welcome')} />;
  if (step === 'forgot') return <ForgotForm initialEmail={forgotEmail} onBack={() => onStep('login')} />;
  return <LoginForm onForgot={(email) => onStep('forgot', email)} />;
}
