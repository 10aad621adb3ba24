import { useFormFields } from '../../forms/use-form-fields';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button, Field, formatText, notify, Spinner, useNavigate, useParams } from '@momentos/design-kit';
import { acceptTeamInvite, apiKeys, createAccountFromInvite, dataOf, getTeamInvite, isTokenUsable, useAuthStore } from '@momentos/api-client';
import { texts } from '../../texts';
import { LoginForm } from '../entry/login-form';
import { validateAccount, type AccountValues, type SetupErrors } from '../entry/setup-rules';
import { useForgetSessionData } from '../../layout/use-forget-session-data';
import { EntryCard, LinkGone } from '../entry/entry-card';

const t = texts.teamInvite;

/**
 * Issue 27: an invite link (`/equipe/{token}`). It says who invites to which event with which role;
 * a signed-in organiser accepts it, anyone else signs in first or creates an account from it.
 */
export default function TeamInvitePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const credential = useAuthStore((state) => state.token);
  const signedIn = isTokenUsable(credential);
  const { data: invite, error } = useSWR(apiKeys.teamInvite(token), () => dataOf(getTeamInvite(token)), { shouldRetryOnError: false, revalidateOnFocus: false });
  const [mode, setMode] = useState<'choose' | 'login' | 'account'>('choose');
  const [accepting, setAccepting] = useState(false);

  const accept = async () => {
    setAccepting(true);
    const result = await acceptTeamInvite(token, credential);
    setAccepting(false);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    notify.success(t.accepted);
    navigate('/events', { replace: true });
  };

  let body;
  if (error) {
    body = <LinkGone message={t.invalid} back={t.toEvents} />;
  } else if (!invite) {
    body = <Spinner label={t.loading} />;
  } else {
    const role = texts.team.roles[invite.role];
    body = (
      <>
        <p className="entry__lead">{formatText(t.lead, { who: invite.invited_by, role, name: invite.event_name })}</p>
        <p className="entry__privacy">{texts.team.roleHints[invite.role]}</p>
        {signedIn ? (
          <Button block busy={accepting} busyLabel={t.accepting} onClick={() => void accept()}>
            {t.accept}
          </Button>
        ) : mode === 'login' ? (
          <LoginForm stay />
        ) : mode === 'account' ? (
          <InviteAccountForm token={token} />
        ) : (
          <>
            <p>{t.signInFirst}</p>
            <Button block onClick={() => setMode('login')}>
              {t.haveAccount}
            </Button>
            <Button block variant="secondary" className="entry__back" onClick={() => setMode('account')}>
              {t.newAccount}
            </Button>
          </>
        )}
      </>
    );
  }

  return <EntryCard title={t.title}>{body}</EntryCard>;
}

const order: (keyof AccountValues)[] = ['name', 'email', 'password'];

function InviteAccountForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const signIn = useAuthStore((state) => state.signIn);
  const forgetSessionData = useForgetSessionData();
  const { values, errors, setErrors, set, check } = useFormFields<AccountValues, SetupErrors>({ name: '', email: '', password: '' }, 'invite', order);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(validateAccount(values))) return;
    setSubmitting(true);
    const result = await createAccountFromInvite(token, { name: values.name.trim(), email: values.email.trim(), password: values.password });
    if (!result.ok) {
      setSubmitting(false);
      if (result.status === 409) setErrors({ email: result.message });
      else notify.error(result.message);
      return;
    }
    forgetSessionData();
    signIn(result.data.token);
    notify.success(t.accepted);
    navigate('/events', { replace: true });
  };

  return (
    <form className="entry__form" onSubmit={submit} noValidate aria-label={t.createTitle}>
      <h3 className="entry__subtitle">{t.createTitle}</h3>
      <Field id="invite-name" label={texts.setup.name} error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={set('name')} required />}
      </Field>
      <Field id="invite-email" label={texts.setup.email} error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" value={values.email} onChange={set('email')} required />}
      </Field>
      <Field id="invite-password" label={texts.setup.password} hint={texts.setup.passwordHint} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} required />}
      </Field>
      <Button type="submit" block busy={submitting} busyLabel={texts.setup.submitting}>
        {texts.teamInvite.newAccount}
      </Button>
    </form>
  );
}
