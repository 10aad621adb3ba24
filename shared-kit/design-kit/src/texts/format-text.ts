/**
 * Fills the `{name}` placeholders of a catalogue text: the pattern every `texts.ts` uses, so that the
 * Portuguese copy stays exactly as the specification writes it ('Passo {n} de {total}').
 */
export function formatText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole,
  );
}
