// The language of first-paint templates (app-manifest's `firstPaint`): a remote's team writes the
// view its page renders as plain HTML with slots, and the server fills them from the database. One
// filler for the server and for the remotes' tests, which compare the filled view with what their
// React page renders. Its own entry point (`@momentos/app-manifest/dist/paint-template`), not the
// package's index: the shell bundles the index into every first visit, and this is not needed there.
//
//   {{name}}                        a value, HTML-escaped (content and attribute values alike)
//   <!--if:name-->…<!--end:name-->  kept when the section is on, dropped otherwise; sections nest
//   <!--each:name-->…<!--end:name-->  repeated once per item of the list, each filled with its own view

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

export interface TemplateView {
  values: Record<string, string>;
  sections?: Record<string, boolean>;
  lists?: Record<string, TemplateView[]>;
}

const EACH = /<!--each:(\w+)-->([\s\S]*?)<!--end:\1-->/g;
const SECTION = /<!--if:(\w+)-->([\s\S]*?)<!--end:\1-->/g;
const VALUE = /\{\{(\w+)\}\}/g;
/**
 * Stands for a filled list while the rest is filled, so that a filled value is never read as a slot
 * again. No value can fake it: every value is escaped, so none holds a `<`.
 */
const HOLE = /<!--hole:(\d+)-->/g;

/** The template with every slot of `view` filled. An unknown value is empty; an unknown section or list is dropped. */
export function fillTemplate(template: string, view: TemplateView): string {
  const filledLists: string[] = [];
  const outer = template.replace(EACH, (_all, name: string, inner: string) => {
    filledLists.push((view.lists?.[name] ?? []).map((item) => fillTemplate(inner, item)).join(''));
    return `<!--hole:${filledLists.length - 1}-->`;
  });
  // A kept section may hold sections of its own (a tile's image, and in it the video badge).
  const keepSections = (text: string): string => text.replace(SECTION, (_all, name: string, inner: string) => (view.sections?.[name] ? keepSections(inner) : ''));
  return keepSections(outer)
    .replace(VALUE, (_all, name: string) => escapeHtml(view.values[name] ?? ''))
    .replace(HOLE, (_all, index: string) => filledLists[Number(index)]);
}

/** The parts of a built template file: tags for `<head>`, and the view with its slots. */
export interface PaintTemplate {
  head: string;
  body: string;
}

/** A template file split at its `<!-- head -->` and `<!-- body -->` markers; null without them. */
export function splitPaintTemplate(text: string): PaintTemplate | null {
  const head = text.indexOf('<!-- head -->');
  const body = text.indexOf('<!-- body -->');
  if (head < 0 || body < head) return null;
  return { head: text.slice(head + '<!-- head -->'.length, body).trim(), body: text.slice(body + '<!-- body -->'.length).trim() };
}
