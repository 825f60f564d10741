/**
 * Compiling mails: the build-time half of lambdas/mail/fill.ts. Rendering a template with React Email
 * costs ~13 ms of CPU per mail, and React Email with react-dom/server and prettier weighs some 600 KB
 * of bundle. So each template is rendered per shape with a token in place of every per-mail string,
 * both bodies are cut at the tokens, and what is left is a plan of static text that a mail only joins
 * with its own strings (fill.ts). `npm run mail:plans` writes every template's plans to
 * lambdas/mail/plans/, which the Lambdas fill without React; test/unit/mail-compile.test.ts checks
 * they are current and that a filled mail equals the direct render byte for byte.
 *
 * Tokens are lower-case letters, digits and underscores, so in the plain text they come through
 * html-to-text as single words, upper-cased where a heading holds them.
 *
 * A shape is what changes the markup beyond the values: the variant, which fields are null, and for
 * a mail made of items (the digest) each item's kind and null fields. (Preview's padding, which a
 * preview of 150 characters or more does without, is a slot of its own.) Items are calibrated by rendering every kind next to every other, and the
 * static text between two tokens is keyed by the tokens on either side, so any order and number of
 * items joins correctly.
 */
import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import { countFallback, fill } from './fill.ts';
import {
  fail,
  frameShape,
  itemShape,
  PAD,
  PAD_CLOSE,
  PAD_OPEN,
  PREVIEW,
  PREVIEW_MAX_LENGTH,
  type Bodies,
  type BodyPlan,
  type Fields,
  type MailView,
  type Occurrence,
  type Plan,
} from './fill/plan.ts';

export { directFallbacks } from './fill.ts';
export { escapeHtml } from './fill/escape.ts';
export type { Bodies, Fields, ItemView, MailView } from './fill/plan.ts';

type ItemOf<V extends MailView> = NonNullable<V['items']>[number];

/** Both bodies of an element, rendered by React Email: the direct render every compiled mail matches. */
export async function renderBodies(element: ReactElement): Promise<Bodies> {
  return { html: await render(element), text: await render(element, { plainText: true }) };
}

const TOKEN = /qzv(\d+)_*vzq/gi;

const token = (n: number, length = 0) => `qzv${n}${'_'.repeat(Math.max(0, length - `${n}`.length - 6))}vzq`;

interface Slot {
  /** -1 for the frame, else the item's index in the calibration render. */
  readonly part: number;
  readonly field: string;
}

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
    // (Preview's padding follows the preview directly, but it is markup, not text.)
    if (html && hits.length > 0 && before === '' && slot.field !== PAD)
      fail(`token ${m[0]} touches the one before it`);
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

/** Compiles the plan of `view`'s shape: the renders with tokens, cut and checked against each other. */
export async function compile<V extends MailView>(
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
  for (const order of calibrationOrders(itemShapes)) {
    const slots: Slot[] = [];
    const previewToken =
      view.preview === undefined ? undefined : token(slots.push({ part: -1, field: PREVIEW }) - 1);
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
    if (previewToken !== undefined) {
      // Cut Preview's padding, with the <div> around it, out into a slot of its own: its length
      // follows the preview's, and a preview of 150 characters or more has none (fill/plan.ts PAD).
      const start = html.indexOf(`${previewToken}${PAD_OPEN}`) + previewToken.length;
      const end = html.indexOf(PAD_CLOSE, start) + PAD_CLOSE.length;
      if (start < previewToken.length || end < start + PAD_OPEN.length + PAD_CLOSE.length)
        fail('no preview padding');
      const pad = html.slice(start + PAD_OPEN.length, end - PAD_CLOSE.length);
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

/** A template, compiled per shape on first use; `direct` renders with React Email every time. */
export interface CompiledTemplate<V extends MailView> {
  render(view: V): Promise<Bodies>;
  direct(view: V): Promise<Bodies>;
}

/**
 * Compiles `build` per shape on first use, in this process (the tests' probe templates; the product's
 * templates are compiled at build time, see compilePlans). `itemShapes` lists one view of each item
 * shape the template takes (their strings are ignored): the items are calibrated against each other
 * up front.
 */
export function compileTemplate<V extends MailView>(
  build: (view: V) => ReactElement,
  itemShapes: readonly ItemOf<V>[] = [],
): CompiledTemplate<V> {
  const plans = new Map<string, Promise<Plan>>();
  const direct = (view: V) => renderBodies(build(view));
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
      countFallback();
      return direct(view);
    },
  };
}

/**
 * The plans of every shape of a template, for `npm run mail:plans`: `views` holds one view per frame
 * shape (their strings are ignored), `itemShapes` one item per item shape.
 */
export async function compilePlans<V extends MailView>(
  build: (view: V) => ReactElement,
  views: readonly V[],
  itemShapes: readonly ItemOf<V>[] = [],
): Promise<Map<string, Plan>> {
  const plans = new Map<string, Plan>();
  for (const view of views) {
    const shape = frameShape(view);
    if (plans.has(shape)) fail(`shape ${shape} listed twice`);
    plans.set(shape, await compile(build, view, itemShapes));
  }
  return plans;
}
