/**
 * Compiled mails. Rendering a template with React Email costs ~13 ms of CPU per mail, too slow for the
 * reminder job's bulk sends. So a template is rendered once per process per shape with a token in
 * place of every per-mail string, both bodies are cut at the tokens, and each mail only joins the
 * cached static parts with its own strings. The result is byte-identical to the direct render
 * (test/unit/mail-compile.test.ts proves it on generated inputs):
 *
 * - HTML: a value is escaped as React escapes text and attribute values, after replacing lone UTF-16
 *   surrogates with U+FFFD as React's UTF-8 stream does.
 * - Plain text: html-to-text (inside @react-email/render) collapses whitespace runs, drops them at the
 *   edges of a block and upper-cases headings. Tokens are lower-case letters, digits and underscores, so
 *   they come through as single words, upper-cased where a heading holds them; the fill applies the same
 *   collapsing and casing to each value, in context (see joinText).
 *
 * A shape is what changes the markup beyond the values: which fields are null, whether the preview
 * fills Preview's 150 characters, and for a mail made of items (the digest) each item's kind and null
 * fields. Items are calibrated by rendering every kind next to every other, and the static text between
 * two tokens is keyed by the tokens on either side, so any order and number of items joins correctly.
 *
 * A mail the fill cannot reproduce exactly (a link that is not http(s), a block left with no words,
 * an HTML body past html-to-text's input limit) is rendered directly instead.
 */
import type { ReactElement } from 'react';
import { render } from '@react-email/render';

/** One part's per-mail strings; null where the part leaves a piece out (a shape, not a value). */
export type Fields = Readonly<Record<string, string | null>>;

export interface ItemView {
  readonly kind: string;
  readonly fields: Fields;
}

export interface MailView {
  /** Layout's preview when it varies per mail; leave it out when the template fixes it. */
  readonly preview?: string;
  readonly fields: Fields;
  readonly items?: readonly ItemView[];
}

export interface Bodies {
  html: string;
  text: string;
}

type ItemOf<V extends MailView> = NonNullable<V['items']>[number];

/** Both bodies of an element, rendered by React Email: the direct render every compiled mail matches. */
export async function renderBodies(element: ReactElement): Promise<Bodies> {
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

/** @react-email/preview cuts the preview at this length and pads shorter ones with invisible characters. */
const PREVIEW_MAX_LENGTH = 150;
/** html-to-text's default limits.maxInputLength: past it, it truncates the HTML before converting. */
const MAX_TEXT_INPUT = 1 << 24;
/** html-to-text's default whitespaceCharacters. */
const WORD = /[^ \t\r\n\f\u200b]+/g;
const LEADING_SPACE = /^[ \t\r\n\f\u200b]/;
const TRAILING_SPACE = /[ \t\r\n\f\u200b]$/;
/** React blocks javascript: links and html-to-text treats mailto:, '#' and empty links apart. */
const PLAIN_LINK = /^https?:\/\//i;
const TOKEN = /qzv(\d+)_*vzq/gi;
const PREVIEW = '@preview';
const PAD = '@pad';

const token = (n: number, length = 0) => `qzv${n}${'_'.repeat(Math.max(0, length - `${n}`.length - 6))}vzq`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** React encodes its output as UTF-8, which turns a lone surrogate into U+FFFD. */
const wellFormed = (value: string) => value.replace(LONE_SURROGATE, '\ufffd');

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
/** React's escapeTextForBrowser, which it applies to text and to attribute values alike. */
export const escapeHtml = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);

const nullFields = (fields: Fields) =>
  Object.keys(fields)
    .filter((k) => fields[k] === null)
    .sort()
    .join(',');
const itemShape = (item: ItemView) => `${item.kind}(${nullFields(item.fields)})`;
const frameShape = (view: MailView) =>
  `${view.preview === undefined ? '' : view.preview.length >= PREVIEW_MAX_LENGTH ? 'long' : 'short'}|${nullFields(view.fields)}`;

/** Where a token stands in one body: `id` names its place in the template, whatever the values. */
interface Occurrence {
  readonly id: string;
  readonly field: string;
  readonly upper: boolean;
}

/** One body of one frame shape, cut at the tokens. */
interface BodyPlan {
  frame: Occurrence[];
  /** How many of the frame's occurrences come before the items. */
  frameBefore: number;
  items: Map<string, Occurrence[]>;
  /** The static text between two occurrences, keyed `${before.id}>${after.id}` ('^' and '$' at the ends). */
  statics: Map<string, string>;
}

interface Plan {
  html: BodyPlan;
  text: BodyPlan;
  /** One unit of Preview's padding, repeated (150 - preview length) times. */
  padUnit: string;
  /** The fields that are whole href values, per part: filled only when they are plain http(s) links. */
  links: { frame: Set<string>; items: Map<string, Set<string>> };
}

interface Slot {
  /** -1 for the frame, else the item's index in the calibration render. */
  readonly part: number;
  readonly field: string;
}

const fail = (why: string): never => {
  throw new Error(`Mail compile: ${why}`);
};

/** A copy of `fields` with each string replaced by a new token. */
function tokenFields<F extends Fields>(fields: F, part: number, slots: Slot[]): F {
  const out: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(fields)) {
    out[field] = value === null ? null : token(slots.push({ part, field }) - 1);
  }
  return out as F;
}

interface Cut {
  statics: string[];
  hits: { slot: Slot; upper: boolean; link: boolean }[];
}

/** Splits a body at its tokens and says, for the HTML, which ones sit in an href. */
function cut(body: string, slots: readonly Slot[], html: boolean): Cut {
  const statics: string[] = [];
  const hits: Cut['hits'] = [];
  let from = 0;
  for (const m of body.matchAll(TOKEN)) {
    const slot = slots[Number(m[1])] ?? fail(`unknown token ${m[0]}`);
    const upper = m[0] !== m[0].toLowerCase();
    if (upper && (html || m[0] !== m[0].toUpperCase())) fail(`token ${m[0]} changed case`);
    const before = body.slice(from, m.index);
    let link = false;
    if (html) {
      const prefix = body.slice(0, m.index);
      if (prefix.lastIndexOf('<') > prefix.lastIndexOf('>')) {
        // Inside a tag: only a whole href value is supported (React and html-to-text treat links apart).
        if (!prefix.endsWith(' href="')) fail(`token ${m[0]} in an attribute other than a whole href`);
        link = true;
      }
    }
    // Values that touch would need surrogates and casing handled across the join; no template does it.
    if (html && hits.length > 0 && before === '') fail(`token ${m[0]} touches the one before it`);
    statics.push(before);
    hits.push({ slot, upper, link });
    from = m.index + m[0].length;
  }
  statics.push(body.slice(from));
  return { statics, hits };
}

function emptyPlan(): BodyPlan {
  return { frame: [], frameBefore: -1, items: new Map(), statics: new Map() };
}

const sameOccurrences = (a: readonly Occurrence[], b: readonly Occurrence[]) =>
  a.length === b.length && a.every((o, i) => o.id === b[i]!.id && o.upper === b[i]!.upper);

/** Adds one calibration render of one body to its plan, checking it agrees with what is already known. */
function learn(plan: BodyPlan, { statics, hits }: Cut, shapes: readonly string[], links: Plan['links']) {
  const frame: Occurrence[] = [];
  const items = new Map<number, Occurrence[]>();
  const ids: string[] = [];
  let frameBefore = -1;
  let lastPart = -1;
  for (const { slot, upper, link } of hits) {
    let occurrence: Occurrence;
    if (slot.part < 0) {
      if (lastPart >= 0 && frameBefore < 0) frameBefore = frame.length;
      occurrence = { id: `F${frame.length}`, field: slot.field, upper };
      frame.push(occurrence);
      if (link) links.frame.add(slot.field);
    } else {
      if (frameBefore >= 0 || (slot.part !== lastPart && slot.part !== lastPart + 1))
        fail('tokens out of order');
      lastPart = slot.part;
      const shape = shapes[slot.part]!;
      const own = items.get(slot.part) ?? [];
      items.set(slot.part, own);
      occurrence = { id: `${shape}#${own.length}`, field: slot.field, upper };
      own.push(occurrence);
      if (link) links.items.set(shape, (links.items.get(shape) ?? new Set()).add(slot.field));
    }
    ids.push(occurrence.id);
  }
  // An item with no value would hide in the static text of its neighbours' keys.
  if (lastPart !== shapes.length - 1) fail('an item shows no value in a body');
  if (frameBefore < 0) frameBefore = frame.length;

  // A render without items cannot tell where they would go; when the template has items, the renders
  // with items (which come first) have said it.
  const splitSeen = shapes.length > 0;
  if (plan.frameBefore < 0) {
    plan.frame = frame;
    plan.frameBefore = frameBefore;
  } else if (!sameOccurrences(plan.frame, frame) || (splitSeen && plan.frameBefore !== frameBefore)) {
    fail('the frame differs between calibration renders');
  }
  for (const [part, occurrences] of items) {
    const shape = shapes[part]!;
    const known = plan.items.get(shape);
    if (!known) plan.items.set(shape, occurrences);
    else if (!sameOccurrences(known, occurrences)) fail(`item ${shape} differs between renders`);
  }
  statics.forEach((text, i) => {
    const key = `${ids[i - 1] ?? '^'}>${ids[i] ?? '$'}`;
    const known = plan.statics.get(key);
    if (known === undefined) plan.statics.set(key, text);
    else if (known !== text) fail(`the text at ${key} differs between renders`);
  });
}

/**
 * The item orders rendered to calibrate: every ordered pair of shapes (for the text between two
 * items), each shape alone (for the frame on either side of the first and last item), and last none
 * (for the frame closing up when there are no items).
 */
function calibrationOrders<I>(shapes: readonly I[]): I[][] {
  if (shapes.length === 0) return [[]];
  return [shapes.flatMap((a) => shapes.flatMap((b) => [a, b])), ...shapes.map((s) => [s]), []];
}

async function compile<V extends MailView>(
  build: (view: V) => ReactElement,
  view: V,
  itemShapes: readonly ItemOf<V>[],
): Promise<Plan> {
  const plan: Plan = {
    html: emptyPlan(),
    text: emptyPlan(),
    padUnit: '',
    links: { frame: new Set(), items: new Map() },
  };
  const longPreview = view.preview !== undefined && view.preview.length >= PREVIEW_MAX_LENGTH;
  for (const order of calibrationOrders(itemShapes)) {
    const slots: Slot[] = [];
    let previewToken: string | undefined;
    if (view.preview !== undefined) {
      // A long preview's token fills the 150 characters exactly, so Preview neither cuts nor pads it.
      previewToken = token(
        slots.push({ part: -1, field: PREVIEW }) - 1,
        longPreview ? PREVIEW_MAX_LENGTH : 0,
      );
    }
    const tokens = {
      ...view,
      ...(previewToken === undefined ? {} : { preview: previewToken }),
      fields: tokenFields(view.fields, -1, slots),
      ...(view.items === undefined
        ? {}
        : { items: order.map((item, i) => ({ ...item, fields: tokenFields(item.fields, i, slots) })) }),
    } as V;
    const bodies = await renderBodies(build(tokens));
    let html = bodies.html;
    if (previewToken !== undefined && !longPreview) {
      // Cut Preview's padding out into a slot of its own: its length follows the preview's.
      const open = `${previewToken}<div>`;
      const start = html.indexOf(open) + open.length;
      const end = html.indexOf('</div>', start);
      if (start < open.length || end < 0) fail('no preview padding');
      const pad = html.slice(start, end);
      const count = PREVIEW_MAX_LENGTH - previewToken.length;
      const unit = pad.slice(0, pad.length / count);
      if (!unit || unit.repeat(count) !== pad || (plan.padUnit && plan.padUnit !== unit))
        fail('preview padding');
      plan.padUnit = unit;
      html = html.slice(0, start) + token(slots.push({ part: -1, field: PAD }) - 1) + html.slice(end);
    }
    const shapes = order.map(itemShape);
    learn(plan.html, cut(html, slots, true), shapes, plan.links);
    const textCut = cut(bodies.text, slots, false);
    if (textCut.hits.some((h) => h.slot.field === PREVIEW || h.slot.field === PAD))
      fail('preview in the text');
    learn(plan.text, textCut, shapes, plan.links);
  }
  return plan;
}

interface Step {
  readonly occurrence: Occurrence;
  readonly fields: Fields;
}

/** The occurrences of one mail in order, each with the fields it takes its value from. */
function steps(plan: BodyPlan, view: MailView): Step[] {
  const out: Step[] = [];
  const frame = (occurrence: Occurrence) => out.push({ occurrence, fields: view.fields });
  plan.frame.slice(0, plan.frameBefore).forEach(frame);
  for (const item of view.items ?? []) {
    const occurrences = plan.items.get(itemShape(item)) ?? fail(`item shape ${itemShape(item)} not compiled`);
    for (const occurrence of occurrences) out.push({ occurrence, fields: item.fields });
  }
  plan.frame.slice(plan.frameBefore).forEach(frame);
  return out;
}

const staticAt = (plan: BodyPlan, before: Step | undefined, after: Step | undefined) =>
  plan.statics.get(`${before?.occurrence.id ?? '^'}>${after?.occurrence.id ?? '$'}`) ??
  fail(`no text between ${before?.occurrence.id ?? '^'} and ${after?.occurrence.id ?? '$'}`);

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

let fallbacks = 0;
/** How many mails this process rendered directly because the fill could not reproduce them (tests read it). */
export const directFallbacks = () => fallbacks;

/** A template, compiled per shape on first use; `direct` renders with React Email every time. */
export interface CompiledTemplate<V extends MailView> {
  render(view: V): Promise<Bodies>;
  direct(view: V): Promise<Bodies>;
}

/**
 * Compiles `build` per shape on first use. `itemShapes` lists one view of each item shape the template
 * takes (their strings are ignored): the items are calibrated against each other up front.
 */
export function compileTemplate<V extends MailView>(
  build: (view: V) => ReactElement,
  itemShapes: readonly ItemOf<V>[] = [],
): CompiledTemplate<V> {
  const plans = new Map<string, Promise<Plan>>();
  const direct = (view: V) => renderBodies(build(view));

  function fill(plan: Plan, view: V): Bodies | null {
    const plainLink = (value: string | null | undefined) =>
      typeof value !== 'string' || PLAIN_LINK.test(value);
    for (const field of plan.links.frame) if (!plainLink(view.fields[field])) return null;
    for (const item of view.items ?? []) {
      for (const field of plan.links.items.get(itemShape(item)) ?? [])
        if (!plainLink(item.fields[field])) return null;
    }
    const preview = view.preview === undefined ? '' : view.preview.substring(0, PREVIEW_MAX_LENGTH);
    const valueOf = ({ occurrence, fields }: Step) => {
      if (occurrence.field === PREVIEW) return wellFormed(preview);
      if (occurrence.field === PAD) return plan.padUnit.repeat(PREVIEW_MAX_LENGTH - preview.length);
      const value = fields[occurrence.field] ?? fail(`no value for ${occurrence.field}`);
      return wellFormed(value);
    };

    const htmlSteps = steps(plan.html, view);
    let html = staticAt(plan.html, undefined, htmlSteps[0]);
    htmlSteps.forEach((step, i) => {
      html += escapeHtml(valueOf(step)) + staticAt(plan.html, step, htmlSteps[i + 1]);
    });
    if (html.length > MAX_TEXT_INPUT) return null;

    const textSteps = steps(plan.text, view);
    const statics = [staticAt(plan.text, undefined, textSteps[0])];
    const values: string[] = [];
    textSteps.forEach((step, i) => {
      const value = valueOf(step);
      values.push(step.occurrence.upper ? value.toUpperCase() : value);
      statics.push(staticAt(plan.text, step, textSteps[i + 1]));
    });
    const text = joinText(statics, values);
    return text === null ? null : { html, text };
  }

  return {
    direct,
    async render(view) {
      const key = frameShape(view);
      let plan = plans.get(key);
      if (!plan) {
        plan = compile(build, view, itemShapes);
        plans.set(key, plan);
        // A failed compile is a bug, but it should not stick to the process.
        plan.catch(() => plans.delete(key));
      }
      const filled = fill(await plan, view);
      if (filled) return filled;
      fallbacks++;
      return direct(view);
    },
  };
}
