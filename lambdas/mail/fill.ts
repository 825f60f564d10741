/**
 * Filling compiled mails: what a Lambda runs to turn a mail's strings into its HTML and plain-text
 * bodies, without React. The plans it fills are made at build time from the React Email templates
 * (lambdas/mail/compile.ts explains how; `npm run mail:plans` writes them to lambdas/mail/plans/), and
 * the result is byte-identical to React Email's own render (test/unit/mail-compile.test.ts):
 *
 * - HTML: a value is escaped as React escapes text and attribute values, after replacing lone UTF-16
 *   surrogates with U+FFFD as React's UTF-8 stream does.
 * - Plain text: html-to-text (inside @react-email/render) collapses whitespace runs, drops them at the
 *   edges of a block and upper-cases headings. The fill applies the same collapsing and casing to
 *   each value, in context (see joinText).
 *
 * A mail the fill cannot reproduce exactly (a link that is not http(s), a block left with no words,
 * an HTML body past html-to-text's input limit; none of which the product's mails produce) is
 * rendered directly by React Email instead, which only the tests and the local stack can do: the
 * Lambda bundles leave React Email out, so there such a mail fails with an error saying why.
 */

/** One part's per-mail strings; null where the part leaves a piece out (a shape, not a value). */
export type Fields = Readonly<Record<string, string | null>>;

export interface ItemView {
  readonly kind: string;
  readonly fields: Fields;
}

export interface MailView {
  /** Layout's preview when it varies per mail; leave it out when the template fixes it. */
  readonly preview?: string;
  /** Markup the template chooses beyond null fields (the welcome mail's lifetime-free line). */
  readonly variant?: string;
  readonly fields: Fields;
  readonly items?: readonly ItemView[];
}

export interface Bodies {
  html: string;
  text: string;
}

/** @react-email/preview cuts the preview at this length and pads shorter ones with invisible characters. */
export const PREVIEW_MAX_LENGTH = 150;
/** html-to-text's default limits.maxInputLength: past it, it truncates the HTML before converting. */
const MAX_TEXT_INPUT = 1 << 24;
/** html-to-text's default whitespaceCharacters. */
const WORD = /[^ \t\r\n\f\u200b]+/g;
const LEADING_SPACE = /^[ \t\r\n\f\u200b]/;
const TRAILING_SPACE = /[ \t\r\n\f\u200b]$/;
/** React blocks javascript: links and html-to-text treats mailto:, '#' and empty links apart. */
const PLAIN_LINK = /^https?:\/\//i;
/**
 * The pseudo-fields of the preview text and of its padding: PAD stands for `<div>` + the padding
 * unit repeated (150 - preview length) times + `</div>`, or nothing for a preview of 150 characters
 * or more, as @react-email/preview renders it.
 */
export const PREVIEW = '@preview';
export const PAD = '@pad';
export const PAD_OPEN = '<div>';
export const PAD_CLOSE = '</div>';

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

export const fail = (why: string): never => {
  throw new Error(`Mail compile: ${why}`);
};

const nullFields = (fields: Fields) =>
  Object.keys(fields)
    .filter((k) => fields[k] === null)
    .sort()
    .join(',');
export const itemShape = (item: ItemView) => `${item.kind}(${nullFields(item.fields)})`;
/**
 * What changes the markup beyond the values: the variant, whether the preview varies, and which
 * fields are null. One plan per frame shape.
 */
export const frameShape = (view: MailView) =>
  `${view.variant ?? ''}|${view.preview === undefined ? '' : 'preview'}|${nullFields(view.fields)}`;

/** Where a token stands in one body: `id` names its place in the template, whatever the values. */
export interface Occurrence {
  readonly id: string;
  readonly field: string;
  readonly upper: boolean;
}

/** One body of one frame shape, cut at the values. */
export interface BodyPlan {
  frame: Occurrence[];
  /** How many of the frame's occurrences come before the items. */
  frameBefore: number;
  items: Map<string, Occurrence[]>;
  /** The static text between two occurrences, keyed `${before.id}>${after.id}` ('^' and '$' at the ends). */
  statics: Map<string, string>;
}

export interface Plan {
  html: BodyPlan;
  text: BodyPlan;
  /** One unit of Preview's padding, repeated (150 - preview length) times. */
  padUnit: string;
  /** The fields that are whole href values, per part: filled only when they are plain http(s) links. */
  links: { frame: Set<string>; items: Map<string, Set<string>> };
}

interface Step {
  readonly occurrence: Occurrence;
  readonly fields: Fields;
}

/** The occurrences of one mail in order, each with the fields it takes its value from. */
function steps(plan: BodyPlan, view: MailView): Step[] | null {
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

/** Both bodies of `view` filled into `plan`, or null when only the direct render gets them right. */
export function fill(plan: Plan, view: MailView): Bodies | null {
  const html = fillHtml(plan, view);
  if (html === null) return null;
  const text = fillText(plan, view);
  return text === null ? null : { html, text };
}

const previewOf = (view: MailView) =>
  view.preview === undefined ? '' : view.preview.substring(0, PREVIEW_MAX_LENGTH);

/** A value as it goes into the text (not yet escaped for HTML). */
const valueOf = ({ occurrence, fields }: Step, preview: string) => {
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

function fillText(plan: Plan, view: MailView): string | null {
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

// --- Plans as data (lambdas/mail/plans/*.ts) ---------------------------------------------------------

/**
 * A body plan as written to a plans module, kept small since the Lambdas carry it. An occurrence is
 * its field's name, with '!' after it where the text upper-cases it; its id is implied by its place:
 * the i-th of the frame is 'i', the n-th of the k-th item shape is 'k.n'. Every string of static
 * text is an index into the module's `strings` (see PlanSetData).
 */
export interface BodyPlanData {
  frame: string[];
  frameBefore: number;
  items: [string, string[]][];
  statics: Record<string, number>;
}

const UPPER = '!';
const occurrenceData = (o: Occurrence) => `${o.field}${o.upper ? UPPER : ''}`;
const occurrenceOf = (id: string, data: string): Occurrence =>
  data.endsWith(UPPER) ? { id, field: data.slice(0, -1), upper: true } : { id, field: data, upper: false };

export interface PlanData {
  html: BodyPlanData;
  text: BodyPlanData;
  padUnit: number;
  links: { frame: string[]; items: Record<string, string[]> };
}

/**
 * A piece of static text: a string, or [unit, count] for a unit repeated (Preview's padding of
 * invisible characters, some 750 of them).
 */
export type Chunk = string | [string, number];

/**
 * A template's plans, one per frame shape, as `npm run mail:plans` writes them. The static texts of
 * all its shapes differ in little, so each is a list of indices into `chunks`, pieces cut before
 * every tag: about a third of the size of the texts themselves.
 */
export interface PlanSetData {
  template: string;
  chunks: Chunk[];
  /** Each static text as the chunks it is made of. */
  strings: number[][];
  shapes: Record<string, PlanData>;
}

/** A run of one unit (up to 16 characters) repeated 8 times or more. */
const RUN = /((?:.|\n){1,16}?)\1{7,}/g;

/** Cuts static text into chunks: before every tag, and around a run of one repeated unit. */
function chunksOf(text: string): Chunk[] {
  const out: Chunk[] = [];
  for (const piece of text.split(/(?=<)/)) {
    let from = 0;
    for (const m of piece.matchAll(RUN)) {
      if (m.index > from) out.push(piece.slice(from, m.index));
      out.push([m[1]!, m[0].length / m[1]!.length]);
      from = m.index + m[0].length;
    }
    if (from < piece.length) out.push(piece.slice(from));
  }
  return out;
}

/** Plans as data, sharing one table of strings and one of chunks. */
export function plansToData(template: string, plans: ReadonlyMap<string, Plan>): PlanSetData {
  const chunks: Chunk[] = [];
  const chunkIndex = new Map<string, number>();
  const chunk = (c: Chunk) => {
    const key = JSON.stringify(c);
    let i = chunkIndex.get(key);
    if (i === undefined) {
      i = chunks.push(c) - 1;
      chunkIndex.set(key, i);
    }
    return i;
  };
  const strings: number[][] = [];
  const index = new Map<string, number>();
  const intern = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.push(chunksOf(s).map(chunk)) - 1;
      index.set(s, i);
    }
    return i;
  };
  const byKey = <T>(entries: Iterable<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
  const body = (plan: BodyPlan): BodyPlanData => {
    // The compiler's ids ('F2', 'reminder(amount)#1') become the implied ones ('2', '1.1'); only
    // their equality matters to the fill.
    const items = byKey(plan.items);
    const ids = new Map<string, string>([
      ['^', '^'],
      ['$', '$'],
      ...plan.frame.map((o, i): [string, string] => [o.id, `${i}`]),
      ...items.flatMap(([, list], k) => list.map((o, n): [string, string] => [o.id, `${k}.${n}`])),
    ]);
    const shortId = (id: string) => ids.get(id) ?? fail(`no occurrence ${id}`);
    return {
      frame: plan.frame.map(occurrenceData),
      frameBefore: plan.frameBefore,
      items: items.map(([shape, list]) => [shape, list.map(occurrenceData)]),
      statics: Object.fromEntries(
        byKey(plan.statics).map(([k, v]) => {
          const [before, after] = k.split('>') as [string, string];
          return [`${shortId(before)}>${shortId(after)}`, intern(v)];
        }),
      ),
    };
  };
  const shapes: Record<string, PlanData> = {};
  for (const [shape, plan] of byKey(plans)) {
    shapes[shape] = {
      html: body(plan.html),
      text: body(plan.text),
      padUnit: intern(plan.padUnit),
      links: {
        frame: [...plan.links.frame].sort(),
        items: Object.fromEntries(byKey(plan.links.items).map(([k, v]) => [k, [...v].sort()])),
      },
    };
  }
  return { template, chunks, strings, shapes };
}

/** The static texts of a plans module. */
function stringsOf(data: PlanSetData): string[] {
  const chunks = data.chunks.map((c) => (typeof c === 'string' ? c : c[0].repeat(c[1])));
  return data.strings.map((ids) => ids.map((i) => chunks[i] ?? fail(`no chunk ${i}`)).join(''));
}

function planFromData(data: PlanData, strings: readonly string[]): Plan {
  const string = (i: number) => strings[i] ?? fail(`no string ${i}`);
  const body = (plan: BodyPlanData): BodyPlan => ({
    frame: plan.frame.map((o, i) => occurrenceOf(`${i}`, o)),
    frameBefore: plan.frameBefore,
    items: new Map(
      plan.items.map(([shape, list], k) => [shape, list.map((o, n) => occurrenceOf(`${k}.${n}`, o))]),
    ),
    statics: new Map(Object.entries(plan.statics).map(([k, v]) => [k, string(v)])),
  });
  return {
    html: body(data.html),
    text: body(data.text),
    padUnit: string(data.padUnit),
    links: {
      frame: new Set(data.links.frame),
      items: new Map(Object.entries(data.links.items).map(([k, v]) => [k, new Set(v)])),
    },
  };
}

// --- The templates the Lambdas fill ------------------------------------------------------------------

let fallbacks = 0;
/** How many mails this process rendered directly because the fill could not reproduce them (tests read it). */
export const directFallbacks = () => fallbacks;
/** For the compiler's templates (compile.ts), which fall back to their own render. */
export const countFallback = () => void fallbacks++;

/**
 * Where the direct renders live (React Email): not part of any Lambda bundle, since esbuild does not
 * follow an import of a computed URL. The tests and the local stack load it from the source tree.
 */
const DIRECT_RENDER = new URL('./templates/index.tsx', import.meta.url).href;

interface DirectModule {
  renderDirect(template: string, view: MailView): Promise<Bodies>;
}

async function renderDirect(template: string, view: MailView): Promise<Bodies> {
  let direct: DirectModule;
  try {
    direct = (await import(DIRECT_RENDER)) as DirectModule;
  } catch (error) {
    throw new Error(
      `Mail ${template}: this mail needs React Email's own render (a link that is not http(s), or a block with no words), which the Lambda bundles leave out`,
      { cause: error },
    );
  }
  return direct.renderDirect(template, view);
}

/** A template filled from its build-time plans. */
export interface PrebuiltTemplate<V extends MailView> {
  render(view: V): Promise<Bodies>;
  /** The HTML body only. */
  html(view: V): Promise<string>;
}

export function prebuiltTemplate<V extends MailView>(data: PlanSetData): PrebuiltTemplate<V> {
  const plans = new Map<string, Plan>();
  let strings: string[] | undefined;
  const planOf = (view: V) => {
    const shape = frameShape(view);
    let plan = plans.get(shape);
    if (!plan && Object.hasOwn(data.shapes, shape)) {
      strings ??= stringsOf(data);
      plan = planFromData(data.shapes[shape]!, strings);
      plans.set(shape, plan);
    }
    return plan;
  };
  return {
    async render(view) {
      const plan = planOf(view);
      const filled = plan ? fill(plan, view) : null;
      if (filled) return filled;
      fallbacks++;
      return renderDirect(data.template, view);
    },
    async html(view) {
      const plan = planOf(view);
      const filled = plan ? fillHtml(plan, view) : null;
      if (filled !== null) return filled;
      fallbacks++;
      return (await renderDirect(data.template, view)).html;
    },
  };
}
