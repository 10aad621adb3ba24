/** 'YYYY-MM-DD HH:mm' (spec §3) as the list shows dates: 'DD/MM/YYYY HH:mm' (spec §9). */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : date;
}

/** The same moment for `<time datetime>`: 'YYYY-MM-DDTHH:mm'. */
export function isoEventDate(date: string): string {
  return date.replace(' ', 'T');
}
