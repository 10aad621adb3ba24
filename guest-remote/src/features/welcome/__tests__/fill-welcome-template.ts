import fs from 'node:fs';
import path from 'node:path';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * The body of first-paint/welcome.html filled the way the server fills it (api-server's
 * domain/first-paint.ts), then normalised as the browser parses it, to compare with what React renders.
 */
export function fillWelcomeTemplate(event: { name: string; date: string; image: string | null; code: string | null }): string {
  const template = fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'welcome.html'), 'utf8');
  const body = template.slice(template.indexOf('<!-- body -->') + '<!-- body -->'.length).trim();
  const sections: Record<string, boolean> = { image: !!event.image, date: !!event.date, code: !!event.code };
  const filled = body
    .replace(/<!--if:(\w+)-->([\s\S]*?)<!--end:\1-->/g, (_all, name: string, inner: string) => (sections[name] ? inner : ''))
    .replace(/\{\{(\w+)\}\}/g, (_all, name: string) => {
      const values: Record<string, string> = {
        name: event.name,
        date: event.date.replace(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/, '$3/$2/$1 $4'),
        date_iso: event.date.replace(' ', 'T'),
        image: event.image ?? '',
      };
      return escapeHtml(values[name]);
    });
  const holder = document.createElement('div');
  holder.innerHTML = filled;
  return holder.innerHTML;
}
