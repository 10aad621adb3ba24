import { useEffect, useState, type FormEvent } from 'react';
import { Button, Field, formatText, notify, Spinner } from '@momentos/design-kit';
import type { WebhookDelivery } from '@momentos/api-client';
import { CopyField } from '../../layout/copy-field';
import { texts } from '../../texts';
import { useWebhook } from './use-webhook';
import '../../layout/row-list.css';
import './integrations.css';

const t = texts.integrations;
const formatMoment = (iso: string) => new Date(iso).toLocaleString('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Issue 27 item 6: the 'Integrações' tab (owner only): the webhook's URL, its secret (shown once) and the last 20 deliveries. */
export function IntegrationsTab({ eventId }: { eventId: string }) {
  const { state, failed, refreshing, refresh, save, regenerate, remove } = useWebhook(eventId);
  const [url, setUrl] = useState('');
  const [saving, setSaving] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const savedUrl = state?.webhook?.url ?? null;

  useEffect(() => {
    if (savedUrl !== null) setUrl(savedUrl);
  }, [savedUrl]);

  if (failed) return <p className="integrations__empty">{t.loadFailed}</p>;
  if (!state) return <Spinner label={t.title} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const result = await save(url.trim());
    setSaving(false);
    // The server's refusal (not a URL, a private network) stays beside the field.
    setUrlError(result.ok ? null : result.message);
    if (!result.ok) return;
    notify.success(t.saved);
    if (result.data.secret) setSecret(result.data.secret);
  };
  const newSecret = async () => {
    setRegenerating(true);
    const result = await regenerate();
    setRegenerating(false);
    if (!result.ok) return notify.error(result.message);
    notify.success(t.regenerated);
    if (result.data.secret) setSecret(result.data.secret);
  };
  const removeWebhook = async () => {
    const result = await remove();
    if (!result.ok) return notify.error(result.message);
    notify.success(t.removed);
    setSecret(null);
    setUrl('');
  };

  return (
    <div className="integrations">
      <h2 className="integrations__title">{t.title}</h2>
      <p className="integrations__lead">{t.lead}</p>
      <form className="integrations__form" onSubmit={submit} noValidate>
        <Field id="webhook-url" label={t.url} hint={t.urlHint} error={urlError} errorRole="alert">
          {(control) => <input {...control} type="url" inputMode="url" autoComplete="off" placeholder="https://" value={url} onChange={(change) => setUrl(change.target.value)} />}
        </Field>
        <Button type="submit" block busy={saving} busyLabel={t.saving}>
          {t.save}
        </Button>
      </form>

      <h3 className="integrations__subtitle">{t.events}</h3>
      <ul className="integrations__events">
        {state.events.map((name) => (
          <li key={name}>
            <span>{t.eventNames[name]}</span> <code>{name}</code>
          </li>
        ))}
      </ul>

      {state.webhook ? (
        <>
          <h3 className="integrations__subtitle">{t.secretTitle}</h3>
          {secret ? (
            <div className="integrations__secret">
              <p>{t.secretOnce}</p>
              <CopyField id="webhook-secret" label={t.secretLabel} value={secret} copyLabel={t.copySecret} copiedLabel={t.copied} variant="secondary" copiedClassName="integrations__copied" />
            </div>
          ) : (
            <p className="integrations__empty">{t.secretHidden}</p>
          )}
          <div className="integrations__actions">
            <Button variant="secondary" busy={regenerating} busyLabel={t.regenerating} onClick={() => void newSecret()}>
              {t.regenerate}
            </Button>
            <Button variant="danger" onClick={() => void removeWebhook()}>
              {t.remove}
            </Button>
          </div>

          <div className="integrations__deliveries-head">
            <h3 className="integrations__subtitle">{t.deliveries}</h3>
            <Button variant="secondary" busy={refreshing} busyLabel={t.refresh} onClick={refresh}>
              {t.refresh}
            </Button>
          </div>
          {state.deliveries.length === 0 ? (
            <p className="integrations__empty">{t.noDeliveries}</p>
          ) : (
            <ul className="row-list" aria-label={t.deliveries}>
              {state.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const outcome = delivery.response_status !== null ? `HTTP ${delivery.response_status}` : delivery.error;
  return (
    <li className="row-list__row">
      <span className="row-list__text">
        <span className="row-list__name">{t.eventNames[delivery.event_type]}</span>
        <span className="integrations__detail">
          {formatMoment(delivery.created_at)} · {formatText(t.attempts, { count: String(delivery.attempts) })}
          {outcome ? ` · ${outcome}` : ''}
        </span>
      </span>
      <span className={`integrations__status integrations__status--${delivery.status}`}>{t.statuses[delivery.status]}</span>
    </li>
  );
}
