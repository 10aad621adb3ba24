import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../infra/mail/mailer';
import { pendingPhotosMail } from '../../domain/mail/templates';
import { claimPendingAlert, countPendingMessages, countPendingPhotos, pendingAlertRecipients, releasePendingAlert } from '../../repositories/notifications';

/** At most one 'Fotos aguardando aprovação' e-mail per event per organiser in this window. */
export const PENDING_ALERT_WINDOW_MS = 15 * 60 * 1000;

export interface PendingAlertDeps {
  db: Kysely<Database>;
  mail: Pick<Mailer, 'send'>;
  /** PUBLIC_URL: the origin of the link to the event's photo screen. */
  publicUrl: string;
  log: { warn: (obj: object, msg: string) => void };
  now?: () => Date;
}

/**
 * Issue 27 item 5: tells the event's owner and team members who switched the alert on that photos
 * wait for approval. Each recipient is claimed first (one row per organiser and event, written only
 * when the last e-mail is older than 15 minutes), so a burst of photos, two jobs or two instances
 * send one e-mail; a send that fails gives its claim back. Answers how many e-mails went.
 */
export async function sendPendingAlerts(deps: PendingAlertDeps, eventId: string): Promise<number> {
  const event = await deps.db.selectFrom('events').select(['id', 'name']).where('id', '=', eventId).executeTakeFirst();
  if (!event) return 0;
  const waiting = await countPendingPhotos(deps.db, eventId);
  const messages = await countPendingMessages(deps.db, eventId);
  if (waiting + messages === 0) return 0;
  const recipients = await pendingAlertRecipients(deps.db, eventId);
  const url = `${deps.publicUrl}/events/${encodeURIComponent(eventId)}/photos`;
  let sent = 0;
  for (const recipient of recipients) {
    const now = deps.now?.() ?? new Date();
    if (!(await claimPendingAlert(deps.db, recipient.id, eventId, PENDING_ALERT_WINDOW_MS, now))) continue;
    try {
      await deps.mail.send(recipient.email, pendingPhotosMail({ name: recipient.name, eventName: event.name, count: waiting, messages, url }));
      sent++;
    } catch (error) {
      await releasePendingAlert(deps.db, recipient.id, eventId, now.toISOString()).catch(() => undefined);
      deps.log.warn({ err: error, eventId, organiserId: recipient.id }, 'pending-photos alert not sent');
    }
  }
  return sent;
}
