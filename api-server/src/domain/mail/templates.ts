/**
 * Issue 27: the e-mails the server sends, in Portuguese, each as plain text and HTML. Every value
 * put in the HTML is escaped; links are the only thing the reader has to act on.
 */
export interface MailMessage {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** One message laid out the same way: paragraphs, a button with its link, the link again in full, a closing note. */
function layout(subject: string, paragraphs: string[], action: { label: string; url: string }, closing: string[]): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`, ...closing, '— Momentos'].join('\n\n');
  const html = page(
    subject,
    `${paragraphs.map(p).join('\n')}
${button(action)}
<p style="margin:0 0 16px;font-size:14px;color:#4b5563">Se o botão não funcionar, copie este endereço no navegador:<br><a href="${escapeHtml(action.url)}" style="color:#4338ca;word-break:break-all">${escapeHtml(action.url)}</a></p>
${closing.map(p).join('\n')}`,
  );
  return { subject, text, html };
}

const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;

const button = (action: { label: string; url: string }) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action.label)}</a></p>`;

/** The HTML page every message shares: its title, the 'Momentos' heading, a white card around `body`. */
function page(subject: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#4338ca">Momentos</h1>
${body}
</div></body></html>`;
}

/** The team invite (issue 27 item 2): who invites, to which event, with which role. */
export function teamInviteMail(input: { eventName: string; roleName: string; invitedBy: string; url: string }): MailMessage {
  const role = input.roleName;
  const subject = `Convite para a equipe de ${input.eventName}`;
  return layout(
    subject,
    [`Olá!`, `${input.invitedBy} convidou você para ajudar no evento "${input.eventName}" como ${role}.`, 'Abra o link para entrar com sua conta ou criar uma nova. O convite vale por 7 dias e só pode ser usado uma vez.'],
    { label: 'Aceitar convite', url: input.url },
    ['Se você não esperava este convite, ignore este e-mail.'],
  );
}

/** The password reset (issue 27 item 4): a single-use link valid for one hour. */
export function passwordResetMail(input: { name: string; url: string }): MailMessage {
  const subject = 'Redefinir sua senha do Momentos';
  return layout(
    subject,
    [input.name ? `Olá, ${input.name}!` : 'Olá!', 'Recebemos um pedido para redefinir a senha da sua conta de organizador no Momentos.', 'O link vale por 1 hora e só pode ser usado uma vez. Ao definir a nova senha, todas as sessões abertas da sua conta serão encerradas.'],
    { label: 'Definir nova senha', url: input.url },
    ['Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.'],
  );
}

/** Issue 27 item 5: photos (or guests' messages) wait for approval (at most one per event per 15 minutes). */
export function pendingPhotosMail(input: { name: string; eventName: string; count: number; messages?: number; url: string }): MailMessage {
  const messages = input.messages ?? 0;
  const parts = [
    ...(input.count > 0 ? [input.count === 1 ? '1 foto' : `${input.count} fotos`] : []),
    ...(messages > 0 ? [messages === 1 ? '1 recado' : `${messages} recados`] : []),
  ];
  const waiting = `${parts.join(' e ')} ${input.count + messages === 1 ? 'aguarda' : 'aguardam'}`;
  const subject = `${input.eventName}: ${waiting} aprovação`;
  return layout(
    subject,
    [input.name ? `Olá, ${input.name}!` : 'Olá!', `No evento "${input.eventName}", ${waiting} sua aprovação antes de aparecer para os convidados.`],
    { label: input.count > 0 ? 'Ver as fotos' : 'Ver o evento', url: input.url },
    ['Você recebe este aviso no máximo uma vez a cada 15 minutos por evento. Para deixar de recebê-lo, desligue "Fotos aguardando aprovação" em Minha conta → Notificações.'],
  );
}

/** One event of a daily summary: what arrived since the last one. */
export interface DigestEvent {
  name: string;
  /** The event's photo screen. */
  url: string;
  photos: number;
  videos: number;
  /** Of the photos and videos, how many wait for approval. */
  pending: number;
  guests: number;
  messages: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The lines of one event in the summary ('5 fotos novas', '2 convidados enviaram fotos ou vídeos', …). */
function digestLines(event: DigestEvent): string[] {
  return [
    ...(event.photos > 0 ? [plural(event.photos, 'foto nova', 'fotos novas')] : []),
    ...(event.videos > 0 ? [plural(event.videos, 'vídeo novo', 'vídeos novos')] : []),
    ...(event.pending > 0 ? [`${event.pending === 1 ? '1 aguarda' : `${event.pending} aguardam`} sua aprovação`] : []),
    ...(event.guests > 0 ? [`${plural(event.guests, 'convidado enviou', 'convidados enviaram')} fotos ou vídeos`] : []),
    ...(event.messages > 0 ? [plural(event.messages, 'recado novo', 'recados novos')] : []),
  ];
}

/**
 * Issue 27 item 5: 'Resumo diário', one e-mail per organiser listing, per event with news, what
 * arrived since `since` (already written in the server's time, e.g. '25/11 às 09:00'), each with its link.
 */
export function dailySummaryMail(input: { name: string; since: string; hour: number; events: DigestEvent[] }): MailMessage {
  const subject = input.events.length === 1 ? `Resumo diário: novidades em ${input.events[0].name}` : `Resumo diário: novidades em ${input.events.length} eventos`;
  const greeting = input.name ? `Olá, ${input.name}!` : 'Olá!';
  const intro = `Veja o que chegou desde ${input.since}:`;
  const closing = `Você recebe este resumo uma vez por dia, às ${input.hour}h, quando há novidades. Para deixar de recebê-lo, desligue "Resumo diário" em Minha conta → Notificações.`;
  const text = [
    greeting,
    intro,
    ...input.events.map((event) => [event.name, ...digestLines(event).map((line) => `- ${line}`), `Ver as fotos: ${event.url}`].join('\n')),
    closing,
    '— Momentos',
  ].join('\n\n');
  const events = input.events.map(
    (event) => `<h2 style="margin:24px 0 8px;font-size:18px;color:#1f2937">${escapeHtml(event.name)}</h2>
<ul style="margin:0 0 8px;padding-left:20px">${digestLines(event)
      .map((line) => `<li>${escapeHtml(line)}</li>`)
      .join('')}</ul>
${button({ label: 'Ver as fotos', url: event.url })}
<p style="margin:0 0 16px;font-size:14px;color:#4b5563;word-break:break-all">${escapeHtml(event.url)}</p>`,
  );
  return { subject, text, html: page(subject, [p(greeting), p(intro), ...events, `<p style="margin:24px 0 0;font-size:14px;color:#4b5563">${escapeHtml(closing)}</p>`].join('\n')) };
}
