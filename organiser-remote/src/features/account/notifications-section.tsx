import { useState } from 'react';
import useSWR from 'swr';
import { notify } from '@momentos/design-kit';
import { apiKeys, dataOf, getNotificationSettings, saveNotificationSettings, type NotificationSettings } from '@momentos/api-client';
import { texts } from '../../texts';
import { Toggle } from '../../layout/toggle';

const t = texts.account;

/** The switches; 'Resumo diário' names the server's DIGEST_HOUR. */
const switchesFor = (digestHour: number): Array<{ key: keyof NotificationSettings; label: string; hint: string }> => [
  { key: 'pending_photos', label: t.pendingPhotos, hint: t.pendingPhotosHint },
  { key: 'daily_summary', label: t.dailySummary, hint: t.dailySummaryHint.replace('{hour}', String(digestHour)) },
];

/** Issue 27 item 5: 'Notificações' in 'Minha conta': e-mail alerts, off by default, each saved as it is switched. */
export function NotificationsSection() {
  const { data, error, mutate } = useSWR(apiKeys.notifications(), () => dataOf(getNotificationSettings()), { shouldRetryOnError: false, revalidateOnFocus: false });
  const [saving, setSaving] = useState<keyof NotificationSettings | null>(null);

  const change = async (key: keyof NotificationSettings, label: string, value: boolean) => {
    if (!data) return;
    setSaving(key);
    const result = await saveNotificationSettings({ pending_photos: data.pending_photos, daily_summary: data.daily_summary, [key]: value });
    setSaving(null);
    if (!result.ok) {
      notify.error(result.message);
      return;
    }
    void mutate(result.data, { revalidate: false });
    notify.success((value ? t.notificationsOn : t.notificationsOff).replace('{name}', label));
  };

  return (
    <section className="account__section" aria-labelledby="account-notifications-title">
      <h2 id="account-notifications-title" className="account__title">
        {t.notificationsTitle}
      </h2>
      <p className="account__lead">{t.notificationsLead}</p>
      {data ? (
        switchesFor(data.digest_hour).map(({ key, label, hint }) => (
          <Toggle key={key} id={`account-notify-${key}`} label={label} hint={hint} checked={data[key]} disabled={saving !== null} onChange={(value) => void change(key, label, value)} />
        ))
      ) : error ? (
        <p role="alert">{t.notificationsFailed}</p>
      ) : (
        <p aria-busy="true">{texts.loading}</p>
      )}
    </section>
  );
}
