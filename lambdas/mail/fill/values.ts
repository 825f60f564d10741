/**
 * Filling a plan with one mail's values: the occurrences in the order the mail has them, the static
 * text between two of them, each value as it goes in, and the HTML body. The plain-text body is
 * text.ts's.
 */
import { escapeHtml, wellFormed } from './escape.ts';
import {
  fail,
  itemShape,
  PAD,
  PAD_CLOSE,
  PAD_OPEN,
  PREVIEW,
  PREVIEW_MAX_LENGTH,
  type BodyPlan,
  type Fields,
  type MailView,
  type Occurrence,
  type Plan,
} from './plan.ts';

/** html-to-text's default limits.maxInputLength: past it, it truncates the HTML before converting. */
const MAX_TEXT_INPUT = 1 << 24;
/** React blocks javascript: links and html-to-text treats mailto:, '#' and empty links apart. */
const PLAIN_LINK = /^https?:\/\//i;

export interface Step {
  readonly occurrence: Occurrence;
  readonly fields: Fields;
}

/** The occurrences of one mail in order, each with the fields it takes its value from. */
export function steps(plan: BodyPlan, view: MailView): Step[] | null {
  const out: Step[] = [];
  const frame = (occurrence: Occurrence) => out.push({ occurrence, fields: view.fields });
  plan.frame.slice(0, plan.frameBefore).forEach(frame);
  for (const item of view.items ?? []) {
    const occurrences = plan.items.get(itemShape(item));
    // An item shape the plan was not calibrated with: left to the direct render.
    if (!occurrences) return null;
    for (const occurrence of occurrences) out.push({ occurrence, fields: item.fields });
  }
  plan.frame.slice(plan.frameBefore).forEach(frame);
  return out;
}

export const staticAt = (plan: BodyPlan, before: Step | undefined, after: Step | undefined) =>
  plan.statics.get(`${before?.occurrence.id ?? '^'}>${after?.occurrence.id ?? '$'}`) ??
  fail(`no text between ${before?.occurrence.id ?? '^'} and ${after?.occurrence.id ?? '$'}`);

export const previewOf = (view: MailView) =>
  view.preview === undefined ? '' : view.preview.substring(0, PREVIEW_MAX_LENGTH);

/** A value as it goes into the text (not yet escaped for HTML). */
export const valueOf = ({ occurrence, fields }: Step, preview: string) => {
  if (occurrence.field === PREVIEW) return wellFormed(preview);
  const value = fields[occurrence.field] ?? fail(`no value for ${occurrence.field}`);
  return wellFormed(value);
};

/** A value as it goes into the HTML: escaped, but for Preview's padding, which is markup. */
const htmlOf = (plan: Plan, step: Step, preview: string) => {
  if (step.occurrence.field !== PAD) return escapeHtml(valueOf(step, preview));
  const count = PREVIEW_MAX_LENGTH - preview.length;
  return count > 0 ? `${PAD_OPEN}${plan.padUnit.repeat(count)}${PAD_CLOSE}` : '';
};

/** The HTML body alone (the Cognito mails send no plain text), or null as fill() says. */
export function fillHtml(plan: Plan, view: MailView): string | null {
  const plainLink = (value: string | null | undefined) => typeof value !== 'string' || PLAIN_LINK.test(value);
  for (const field of plan.links.frame) if (!plainLink(view.fields[field])) return null;
  for (const item of view.items ?? []) {
    for (const field of plan.links.items.get(itemShape(item)) ?? [])
      if (!plainLink(item.fields[field])) return null;
  }
  const preview = previewOf(view);
  const htmlSteps = steps(plan.html, view);
  if (!htmlSteps) return null;
  let html = staticAt(plan.html, undefined, htmlSteps[0]);
  htmlSteps.forEach((step, i) => {
    html += htmlOf(plan, step, preview) + staticAt(plan.html, step, htmlSteps[i + 1]);
  });
  // Past html-to-text's input limit, the plain text would be cut: left to the direct render.
  return html.length > MAX_TEXT_INPUT ? null : html;
}
