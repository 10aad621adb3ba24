import { useState } from 'react';
import { apiUrl, requestDownload } from '@momentos/api-client';
import { Button, notify } from '@momentos/design-kit';
import { texts } from '../../texts';

/** 'Livro de recados': the printable PDF, through a download ticket (a browser download sends no header). */
export function BookButton({ eventId, disabled }: { eventId: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const ticket = await requestDownload(eventId, { book: true });
    setBusy(false);
    if (!ticket.ok) {
      notify.error(texts.downloadError);
      return;
    }
    const link = document.createElement('a');
    link.href = apiUrl(`/api/events/${encodeURIComponent(eventId)}/messages/book.pdf?ticket=${encodeURIComponent(ticket.data.ticket)}`);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <Button variant="secondary" onClick={() => void download()} busy={busy} busyLabel={texts.preparingDownload} disabled={disabled}>
      {texts.messagesBook}
    </Button>
  );
}
