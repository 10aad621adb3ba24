import { useState } from 'react';
import { moderateMessage, photoFileUrl, removeMessage, type MessageItem, type MessageModeration } from '@momentos/api-client';
import { Button, ConfirmDialog, EmptyState, formatText, notify } from '@momentos/design-kit';
import { texts } from '../../texts';
import { BookButton } from './book-button';
import { useOwnerMessages } from './use-owner-messages';
import '@momentos/design-kit/messages.css';
import './messages.css';

/**
 * Issue 26: the event's 'Recados' tab on the organiser's photo screen: every message, hidden and
 * pending ones marked; 'Ocultar' / 'Mostrar', 'Aprovar', 'Excluir recado'; voice notes playable.
 */
export function MessagesTab({ eventId }: { eventId: string }) {
  const { messages, reload } = useOwnerMessages(eventId);
  const [working, setWorking] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MessageItem | null>(null);

  const change = async (message: MessageItem, moderation: MessageModeration) => {
    setWorking(message.id);
    const result = await moderateMessage(message.id, moderation);
    await reload();
    setWorking(null);
    if (result.ok) notify.success(texts.messageUpdated);
    else notify.error(result.message);
  };

  const remove = async (message: MessageItem) => {
    setWorking(message.id);
    const result = await removeMessage(message.id);
    await reload();
    setWorking(null);
    setDeleting(null);
    if (result.ok) notify.success(texts.messageDeleted);
    else notify.error(result.message);
  };

  return (
    <main className="gallery-page event-messages">
      <header className="gallery-header">
        <div className="gallery-header__row">
          <h1 className="gallery-header__title">{texts.tabMessages}</h1>
          <BookButton eventId={eventId} disabled={!messages || messages.length === 0} />
        </div>
      </header>
      <section className="gallery-content">
        {messages === null ? (
          <div className="gallery-loading" role="status" aria-label={texts.loading}>
            <span className="mk-spinner" aria-hidden="true" />
          </div>
        ) : messages.length === 0 ? (
          <EmptyState>{texts.messagesEmpty}</EmptyState>
        ) : (
          <ul className="mk-message-list">
            {messages.map((message) => (
              <li key={message.id} className={`mk-message event-message ${message.hidden || message.pending ? 'event-message--marked' : ''}`}>
                <div className="event-message__head">
                  <strong>{message.user_id}</strong>
                  <time dateTime={message.created_at}>{new Date(message.created_at).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}</time>
                  {message.place ? <span className="event-message__place">{formatText(texts.messagePlace, { place: message.place })}</span> : null}
                  {message.pending ? <span className="event-message__mark">{texts.messagePending}</span> : null}
                  {message.hidden ? <span className="event-message__mark">{texts.messageHidden}</span> : null}
                </div>
                {message.text ? <p className="mk-message__text">{message.text}</p> : null}
                {message.audio ? (
                  // A guest's voice note has no transcript to caption it; what they wrote is shown above it.
                  // eslint-disable-next-line jsx-a11y/media-has-caption
                  <audio controls preload="none" src={photoFileUrl(message.audio.url)} aria-label={formatText(texts.messageVoiceOf, { name: message.user_id })} />
                ) : null}
                <div className="event-message__actions">
                  {message.pending ? (
                    <Button onClick={() => void change(message, { pending: false })} busy={working === message.id}>
                      {texts.messageApprove}
                    </Button>
                  ) : null}
                  <Button variant="secondary" onClick={() => void change(message, { hidden: !message.hidden })} disabled={working === message.id}>
                    {message.hidden ? texts.messageShow : texts.messageHide}
                  </Button>
                  <Button variant="danger" onClick={() => setDeleting(message)} disabled={working === message.id}>
                    {texts.messageDelete}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={texts.messageDelete}
        confirmLabel={texts.messageDelete}
        cancelLabel={texts.cancel}
        closeLabel={texts.close}
        busy={deleting !== null && working === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {formatText(texts.messageDeleteQuestion, { name: deleting?.user_id ?? '' })}
      </ConfirmDialog>
    </main>
  );
}
