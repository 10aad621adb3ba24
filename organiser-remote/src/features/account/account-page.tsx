import { useFormFields } from '../../forms/use-form-fields';
import { useEffect, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { Button, EmptyState, Field, LoadingScreen, notify } from '@momentos/design-kit';
import { apiKeys, changePassword, dataOf, getAccount, updateAccount, type Account } from '@momentos/api-client';
import { texts } from '../../texts';
import { OrganiserMenu } from '../../layout/organiser-menu';
import { NotificationsSection } from './notifications-section';
import { emailChanged, validateAccountDetails, validateNewPassword, type AccountDetails, type AccountDetailsErrors } from './password-rules';
import '../../layout/organiser.css';
import './account.css';

const t = texts.account;

/** Issue 27 item 4: 'Minha conta': name, e-mail and the password (changing it ends the other sessions). */
export default function AccountPage() {
  const { data: account, error, mutate } = useSWR(apiKeys.account(), () => dataOf(getAccount()), { shouldRetryOnError: false, revalidateOnFocus: false });

  if (!account && !error) return <LoadingScreen label={texts.loading} />;

  return (
    <div className="org-page">
      <header className="org-header">
        <h1>{t.header}</h1>
      </header>
      <main className="org-content account">
        {account ? (
          <>
            <DetailsForm account={account} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
            <PasswordForm />
            <NotificationsSection />
          </>
        ) : (
          <EmptyState>{t.loadFailed}</EmptyState>
        )}
      </main>
      <OrganiserMenu />
    </div>
  );
}

const detailsOrder: (keyof AccountDetails)[] = ['name', 'email', 'currentPassword'];

function DetailsForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const { values, setValues, errors, setErrors, set, check } = useFormFields<AccountDetails, AccountDetailsErrors>({ name: account.name, email: account.email, currentPassword: '' }, 'account', detailsOrder);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues({ name: account.name, email: account.email, currentPassword: '' }), [account, setValues]);
  const changing = emailChanged(values.email, account.email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check(validateAccountDetails(values, account.email))) return;
    setSaving(true);
    const result = await updateAccount({ name: values.name.trim(), email: values.email.trim(), ...(changing ? { current_password: values.currentPassword } : {}) });
    setSaving(false);
    if (!result.ok) {
      if (result.status === 403) setErrors({ currentPassword: result.message });
      else if (result.status === 409) setErrors({ email: result.message });
      else notify.error(result.message);
      return;
    }
    notify.success(t.saved);
    onSaved(result.data);
  };

  return (
    <form className="account__section" onSubmit={submit} noValidate aria-labelledby="account-details-title">
      <h2 id="account-details-title" className="account__title">
        {t.detailsTitle}
      </h2>
      <Field id="account-name" label={t.name} error={errors.name}>
        {(control) => <input {...control} type="text" autoComplete="name" value={values.name} onChange={set('name')} required />}
      </Field>
      <Field id="account-email" label={t.email} hint={t.emailHint} error={errors.email}>
        {(control) => <input {...control} type="email" autoComplete="email" inputMode="email" value={values.email} onChange={set('email')} required />}
      </Field>
      {changing ? (
        <Field id="account-currentPassword" label={t.currentPassword} error={errors.currentPassword}>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} required />}
        </Field>
      ) : null}
      <Button type="submit" busy={saving} busyLabel={t.saving}>
        {t.save}
      </Button>
    </form>
  );
}

interface PasswordValues {
  current: string;
  password: string;
  confirm: string;
}

function PasswordForm() {
  const { values, setValues, errors, setErrors, set, check } = useFormFields<PasswordValues>({ current: '', password: '', confirm: '' }, 'account-password', ['current', 'password', 'confirm']);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check({ ...(values.current ? {} : { current: texts.password.currentRequired }), ...validateNewPassword(values) })) return;
    setSaving(true);
    const result = await changePassword({ current_password: values.current, new_password: values.password });
    setSaving(false);
    if (!result.ok) {
      if (result.status === 403) setErrors({ current: result.message });
      else notify.error(result.message);
      return;
    }
    setValues({ current: '', password: '', confirm: '' });
    notify.success(result.data.message);
  };

  return (
    <form className="account__section" onSubmit={submit} noValidate aria-labelledby="account-password-title">
      <h2 id="account-password-title" className="account__title">
        {t.passwordTitle}
      </h2>
      <p className="account__lead">{t.passwordLead}</p>
      <Field id="account-password-current" label={t.currentPassword} error={errors.current}>
        {(control) => <input {...control} type="password" autoComplete="current-password" value={values.current} onChange={set('current')} required />}
      </Field>
      <Field id="account-password-password" label={t.newPassword} hint={t.newPasswordHint} error={errors.password}>
        {(control) => <input {...control} type="password" autoComplete="new-password" value={values.password} onChange={set('password')} required />}
      </Field>
      <Field id="account-password-confirm" label={t.confirm} error={errors.confirm}>
        {(control) => <input {...control} type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} required />}
      </Field>
      <Button type="submit" busy={saving} busyLabel={t.changing}>
        {t.changePassword}
      </Button>
    </form>
  );
}
