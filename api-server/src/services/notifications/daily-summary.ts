import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { dailySummaryMail, type DigestEvent } from '../../domain/mail/templates';
import { capDailySummary, claimDailySummary, dailySummaryRecipients, newsByEvent, releaseDailySummary, type SummaryPeriod } from '../../repositories/daily-summaries';
import { listEventsWithRole } from '../../repositories/event-members';
import type { PendingAlertDeps } from './pending-alert';

/** The first summary after switching on covers at most this much. */
export const FIRST_SUMMARY_MS = 24 * 60 * 60 * 1000;

export type DailySummaryDeps = Omit<PendingAlertDeps, 'now'> & {
  /** DIGEST_HOUR, named in the e-mail. */
  hour: number;
};

/** The next time the server's clock shows `hour`:00 after `now` (local time; a DST day is 23 or 25 hours long). */
export function nextDigestAt(now: Date, hour: number): Date {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) {
    next.setDate(next.getDate() + 1);
    next.setHours(hour, 0, 0, 0);
  }
  return next;
}

/** The organiser switched 'Resumo diário' on (it was off): their next summary covers at most the last 24 hours. */
export function dailySummarySwitchedOn(db: Kysely<Database>, organiserId: string, now: Date = new Date()): Promise<void> {
  return capDailySummary(db, organiserId, new Date(now.getTime() - FIRST_SUMMARY_MS));
}

const startOfDay = (now: Date) => {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
};

const sinceFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** '25/11 às 09:00', in the server's time zone. */
function since(period: SummaryPeriod): string {
  const parts = Object.fromEntries(sinceFormat.formatToParts(new Date(period.start)).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month} às ${parts.hour}:${parts.minute}`;
}

/**
 * Issue 27 item 5, 'Resumo diário': each organiser who switched it on gets one e-mail listing, per event
 * they own or belong to, the photos, videos, guests and messages that arrived since their last summary
 * (the first covers at most 24 hours); nothing new, no e-mail. Each organiser's period is claimed before
 * sending (one row, written conditionally), so two instances or a double trigger send one e-mail, and a
 * second run the same day sends nothing; a send that fails gives the period back for the next run.
 * Answers how many e-mails went.
 */
export async function sendDailySummaries(deps: DailySummaryDeps, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (const organiser of await dailySummaryRecipients(deps.db)) {
    const claim = await claimDailySummary(deps.db, organiser.id, now, new Date(now.getTime() - FIRST_SUMMARY_MS), startOfDay(now));
    if (!claim) continue;
    try {
      const events = await listEventsWithRole(deps.db, organiser.id);
      const news = await newsByEvent(
        deps.db,
        events.map((event) => event.id),
        claim.period,
      );
      const listed: DigestEvent[] = events.flatMap((event) => {
        const found = news.get(event.id);
        if (!found || found.photos + found.videos + found.messages === 0) return [];
        return [{ name: event.name, url: `${deps.publicUrl}/events/${encodeURIComponent(event.id)}/photos`, ...found }];
      });
      // Nothing new anywhere: no e-mail (the period stays covered).
      if (listed.length === 0) continue;
      await deps.mail.send(organiser.email, dailySummaryMail({ name: organiser.name, since: since(claim.period), hour: deps.hour, events: listed }));
      sent++;
    } catch (error) {
      await releaseDailySummary(deps.db, organiser.id, claim).catch(() => undefined);
      deps.log.warn({ err: error, organiserId: organiser.id }, 'daily summary not sent');
    }
  }
  return sent;
}
