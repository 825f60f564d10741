/**
 * Plans as data (lambdas/mail/plans/*.ts): the compiler's plans written small, since the Lambdas
 * carry them (plansToData, which `npm run mail:plans` runs), and read back into plans the fill uses
 * (stringsOf, planFromData).
 */
import { fail, type BodyPlan, type Occurrence, type Plan } from './plan.ts';

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
export function stringsOf(data: PlanSetData): string[] {
  const chunks = data.chunks.map((c) => (typeof c === 'string' ? c : c[0].repeat(c[1])));
  return data.strings.map((ids) => ids.map((i) => chunks[i] ?? fail(`no chunk ${i}`)).join(''));
}

export function planFromData(data: PlanData, strings: readonly string[]): Plan {
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
