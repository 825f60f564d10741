/**
 * The plain-text body: html-to-text (inside @react-email/render) collapses whitespace runs, drops
 * them at the edges of a block and upper-cases headings. The fill applies the same collapsing and
 * casing to each value, in context (see joinText).
 */
import type { MailView, Plan } from './plan.ts';
import { previewOf, staticAt, steps, valueOf } from './values.ts';

/** html-to-text's default whitespaceCharacters. */
const WORD = /[^ \t\r\n\f\u200b]+/g;
const LEADING_SPACE = /^[ \t\r\n\f\u200b]/;
const TRAILING_SPACE = /[ \t\r\n\f\u200b]$/;

/**
 * Joins the static text of the plain-text body with the values as html-to-text would have laid out
 * the whole: within a block, whitespace runs (its set, which includes U+200B) collapse to one space,
 * both in a value and where a value meets the static text, and they vanish at a block's edges. The
 * static text has already been through html-to-text, so in it a ' ' is a collapsed run and a '\n' a
 * block edge (the templates use no <br> or <pre>). Returns null when a block would be left with no
 * word, a case left to the direct render.
 */
function joinText(statics: readonly string[], values: readonly string[]): string | null {
  let out = '';
  let pending = false;
  const atBlockStart = () => out === '' || out.endsWith('\n');
  const word = (text: string) => {
    if (pending && !atBlockStart()) out += ' ';
    out += text;
    pending = false;
  };
  for (let i = 0; i < statics.length; i++) {
    let text = statics[i]!;
    if (text.startsWith(' ')) {
      pending = true;
      text = text.slice(1);
    }
    const trailing = text.endsWith(' ');
    if (trailing) text = text.slice(0, -1);
    if (text.startsWith('\n')) pending = false;
    if (text) word(text);
    if (trailing) pending = true;
    if (i === values.length) break;

    const value = values[i]!;
    const words = value.match(WORD);
    if (!words) {
      // A block left with no word at all: rare, and html-to-text may lay out what is around it
      // differently (at the edge of a table cell, say), so such a mail is rendered directly.
      const next = statics[i + 1]!;
      if (atBlockStart() && (next.startsWith('\n') || (next === '' && i + 1 === values.length))) return null;
      if (value) pending = true;
      continue;
    }
    if (LEADING_SPACE.test(value)) pending = true;
    word(words.join(' '));
    pending = TRAILING_SPACE.test(value);
  }
  return out;
}

/** The plain-text body, or null when only the direct render gets it right. */
export function fillText(plan: Plan, view: MailView): string | null {
  const preview = previewOf(view);
  const textSteps = steps(plan.text, view);
  if (!textSteps) return null;
  const statics = [staticAt(plan.text, undefined, textSteps[0])];
  const values: string[] = [];
  textSteps.forEach((step, i) => {
    const value = valueOf(step, preview);
    values.push(step.occurrence.upper ? value.toUpperCase() : value);
    statics.push(staticAt(plan.text, step, textSteps[i + 1]));
  });
  return joinText(statics, values);
}
