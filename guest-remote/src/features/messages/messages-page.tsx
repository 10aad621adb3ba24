import { useState, type FormEvent } from 'react';
import { hasEventPin, messageLimits, photoFileUrl, postMessage, readStored, rememberEventPin, removeMessage, storageKeys, writeStored, type MessageItem } from '@momentos/api-client';
import { placeFromCookies } from '@momentos/app-manifest/dist/invite-place';
import { Button, EmptyState, Field, formatText, Link, PinPrompt, Spinner, useParams } from '@momentos/design-kit';
import { useMessages } from './api/use-messages';
import { texts } from './texts';
import { useVoiceRecorder } from './use-voice-recorder';
import { VoiceRecorder } from './voice-recorder';
import '@momentos/design-kit/messages.css';
import './messages.css';

const MAX_MESSAGE_TEXT = messageLimits.maxText;
const MAX_AUDIO_SECONDS = messageLimits.maxAudioSeconds;

/** The delete keys of the messages this device sent (shown once by the server). */
const ownKeysKey = (eventId: string) => `event_${eventId}_messageKeys`;
function ownKeys(eventId: string): Record<string, string> {
  try {
    return JSON.parse(readStored(ownKeysKey(eventId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/**
 * /events/share/{id}/recados (issue 26): the guest writes (and may record) a message signed with the
 * name used for uploads, and reads the event's messages, voice notes playable, while the gallery is
 * open to guests.
 */
export default function MessagesPage() {
  const { id: eventId = '' } = useParams();
  const nameKey = storageKeys.guestName(eventId);
  const [askingPin, setAskingPin] = useState(false);
  const [pinError, setPinError] = useState<string | null>(null);
  const { messages, refused, add, drop } = useMessages(eventId, !askingPin);
  const [name, setName] = useState(() => readStored(nameKey) ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [keys, setKeys] = useState(() => ownKeys(eventId));
  const recorder = useVoiceRecorder(MAX_AUDIO_SECONDS);

  const needsPin = refused?.status === 403 && /PIN/.test(refused.message) && !askingPin;
  if (askingPin || (needsPin && !hasEventPin(eventId))) {
    return (
      <PinPrompt
        className="guest-messages"
        error={pinError ?? refused?.message ?? null}
        onPin={(pin) => {
          rememberEventPin(eventId, pin);
          setPinError(null);
          setAskingPin(false);
        }}
      />
    );
  }

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    setNotice(null);
    const signed = name.trim();
    if (!signed) return setError(texts.nameRequired);
    const audio = recorder.state.kind === 'recorded' ? recorder.state : null;
    if (!text.trim() && !audio) return setError(texts.empty);
    setSending(true);
    // Issue 28: the place of the QR code the guest came from (the server kept it in a cookie), as on uploads.
    const place = placeFromCookies(document.cookie, eventId);
    const result = await postMessage(eventId, { userId: signed, text, audio: audio?.blob, audioSeconds: audio?.seconds, place });
    setSending(false);
    if (!result.ok) {
      if (result.status === 403 && /PIN/.test(result.message)) {
        setPinError(result.message);
        setAskingPin(true);
      }
      return setError(result.message);
    }
    writeStored(nameKey, signed);
    const { delete_key: deleteKey, message, ...item } = result.data;
    const nextKeys = { ...keys, [item.id]: deleteKey };
    writeStored(ownKeysKey(eventId), JSON.stringify(nextKeys));
    setKeys(nextKeys);
    if (!item.pending) add(item);
    setText('');
    setError(null);
    recorder.reset();
    setNotice(message);
  };

  const removeOwn = async (item: MessageItem) => {
    const result = await removeMessage(item.id, keys[item.id]);
    if (result.ok) {
      drop(item.id);
      setNotice(texts.removed);
    } else setError(result.message);
  };

  return (
    <main className="guest-messages mk-column">
      <header className="guest-messages__header">
        <Link className="guest-messages__back" to={`/events/share/${encodeURIComponent(eventId)}`}>
          {texts.back}
        </Link>
        <h1>{texts.title}</h1>
      </header>
      <p className="guest-messages__intro">{texts.intro}</p>

      <form className="guest-messages__form" onSubmit={(form) => void submit(form)} noValidate>
        <Field id="message-name" label={texts.nameLabel}>
          {(control) => <input {...control} value={name} maxLength={100} autoComplete="name" onChange={(input) => setName(input.target.value)} />}
        </Field>
        <Field id="message-text" label={texts.textLabel} hint={formatText(texts.counter, { count: [...text].length, max: MAX_MESSAGE_TEXT })}>
          {(control) => <textarea {...control} rows={4} value={text} maxLength={MAX_MESSAGE_TEXT} onChange={(input) => setText(input.target.value)} />}
        </Field>
        <VoiceRecorder
          state={recorder.state}
          maxSeconds={MAX_AUDIO_SECONDS}
          onStart={() => void recorder.start()}
          onStop={recorder.stop}
          onReset={recorder.reset}
          disabled={sending}
        />
        {error ? (
          <p className="guest-messages__error" role="alert">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p className="guest-messages__notice" role="status">
            {notice}
          </p>
        ) : null}
        <Button type="submit" block busy={sending} busyLabel={texts.sending} disabled={recorder.state.kind === 'recording'}>
          {texts.send}
        </Button>
      </form>

      <section className="guest-messages__list" aria-labelledby="messages-list-title">
        <h2 id="messages-list-title">{texts.listTitle}</h2>
        {refused && !needsPin ? (
          <EmptyState>{refused.message}</EmptyState>
        ) : messages === null ? (
          <Spinner label={texts.loading} />
        ) : messages.length === 0 ? (
          <EmptyState>{texts.noMessages}</EmptyState>
        ) : (
          <ul className="mk-message-list">
            {messages.map((item) => (
              <li key={item.id} className="mk-message guest-message">
                <p className="guest-message__author">{item.user_id}</p>
                {item.text ? <p className="mk-message__text guest-message__text">{item.text}</p> : null}
                {item.audio ? (
                  // A guest's voice note has no transcript to caption it; what they wrote is shown above it.
                  // eslint-disable-next-line jsx-a11y/media-has-caption
                  <audio controls preload="none" src={photoFileUrl(item.audio.url)} aria-label={formatText(texts.voiceOf, { name: item.user_id })} />
                ) : null}
                <p className="guest-message__time">
                  <time dateTime={item.created_at}>{new Date(item.created_at).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}</time>
                </p>
                {keys[item.id] ? (
                  <Button variant="secondary" onClick={() => void removeOwn(item)}>
                    {texts.remove}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
