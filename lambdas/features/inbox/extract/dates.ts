/**
 * The renewal date, or none. Every date in the document is found with chrono's British (day-first)
 * parser; each is then read by the words nearest before it ('renews on', 'your fixed rate ends on',
 * 'vehicle tax is due on', 'next payment on'), or by a label on the line above, or by the words right
 * after it ('… is your renewal date'). A date whose nearest words say something else ('dated', 'valid
 * until', 'from', 'cancel by', 'last paid') is not a candidate, nor is one with no such words at all.
 *
 * Precision first: a date is given only when the strongest candidates agree on one day (or are a
 * policy's last day and the renewal the day after). Several different days, a date in the past of
 * the letter, a weekday that does not fit, a month-first date in a letter written the American way:
 * none is given, and the user types the date.
 */
import * as chrono from 'chrono-node';
import type { DateKind } from '../../../../shared/reminder/contract.ts';
import { isRealDate } from '../../../../shared/reminder/realDate.ts';
import { clauseAfter, clauseBefore, hasWords, plain, type Span } from './context.ts';

export interface DateMention extends Span {
  date: string;
  /** How a figures-only date was written: day first, month first, or either. */
  numeric: 'uk' | 'us' | 'either' | null;
  /** A range's other end ('14/03/2027 to 13/03/2028'): the start has the end, the end the start. */
  rangeWith?: DateMention;
  rangeStart?: boolean;
}

/** What the words around a date say it is. */
export type Cue =
  | { kind: 'renewal' | 'end' | 'payment' | 'vehicle' | 'due'; strength: 1 | 2 }
  | { kind: 'none'; strength: 0; negative?: boolean };

export interface DateCandidate {
  date: string;
  kind: 'renewal' | 'end' | 'payment' | 'vehicle' | 'due';
  strength: 1 | 2;
  line: number;
}

const MONTH = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b/i;
const NUMERIC = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\b/;
/** Figures-only dates, read here rather than by chrono (which takes '06.01.2027' for a time). */
const NUMERIC_ALL = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-]*\d)/g;
const ISO = /\b\d{4}-\d{2}-\d{2}\b/;

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Days from `a` to `b`, both YYYY-MM-DD. */
export const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

function numericOf(text: string): DateMention['numeric'] {
  const m = NUMERIC.exec(text);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a > 12) return 'uk';
  if (b > 12) return 'us';
  return a === b ? 'uk' : 'either';
}

/**
 * Every date of `lines` with a day and a month written (a weekday, 'tomorrow', a month alone or a
 * figure like 3/4 is not a date here). A date without a year takes the year after `reference`, and is
 * dropped when there is no reference.
 */
export function findDates(lines: readonly string[], reference: string | null): DateMention[] {
  const ref = reference ? new Date(`${reference}T12:00:00Z`) : undefined;
  const found: DateMention[] = [];
  lines.forEach((text, line) => {
    if (!/\d/.test(text)) return;
    const onLine: DateMention[] = [];
    for (const m of text.matchAll(NUMERIC_ALL)) {
      const numeric = numericOf(m[0]);
      const [a, b] = [Number(m[1]), Number(m[3])];
      const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
      // Day first, unless only month first makes a date (then the letter is American: see below).
      const [day, month] = numeric === 'us' ? [b, a] : [a, b];
      const date = iso(year, month, day);
      if (!isRealDate(date)) continue;
      onLine.push({ line, index: m.index, end: m.index + m[0].length, date, numeric });
    }
    const overlaps = (index: number, end: number) => onLine.some((o) => index < o.end && end > o.index);
    // chrono only where a month is named or a date is written ISO-style: the figures are read above.
    const worded = MONTH.test(text) || ISO.test(text);
    for (const result of worded ? chrono.en.GB.parse(text, ref, { forwardDate: true }) : []) {
      const written = result.text;
      const numeric = numericOf(written);
      if (overlaps(result.index, result.index + written.length)) continue;
      if (!MONTH.test(written) && !ISO.test(written)) continue;
      // A day in figures: 'the end of December 2026' names no day.
      if (!/(?<!\d)\d{1,2}(?!\d)/.test(written) && !ISO.test(written)) continue;
      const points = [result.start, ...(result.end ? [result.end] : [])];
      const mentions: DateMention[] = [];
      for (const point of points) {
        if (!point.isCertain('day') || !point.isCertain('month')) continue;
        if (!point.isCertain('year') && !ref) continue;
        const date = iso(point.get('year')!, point.get('month')!, point.get('day')!);
        // 'Tuesday 14 March 2027' when 14 March 2027 is a Sunday: a typo or a misread, so not trusted.
        if (point.isCertain('weekday') && new Date(`${date}T12:00:00Z`).getUTCDay() !== point.get('weekday'))
          continue;
        mentions.push({ line, index: result.index, end: result.index + written.length, date, numeric });
      }
      if (mentions.length === 2) {
        mentions[0]!.rangeWith = mentions[1];
        mentions[0]!.rangeStart = true;
        mentions[1]!.rangeWith = mentions[0];
      }
      onLine.push(...mentions);
    }
    found.push(...onLine.sort((x, y) => x.index - y.index));
  });
  // Two dates a word apart ('14/03/2027 to 13/03/2028', 'from … until …') are a range too.
  for (let i = 0; i + 1 < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    if (a.line !== b.line || a.rangeWith || b.rangeWith) continue;
    const between = lines[a.line]!.slice(a.end, b.index);
    if (/^\s*(?:-|–|—|to|until|till|through|and ending|ending)\s*$/i.test(between)) {
      a.rangeWith = b;
      a.rangeStart = true;
      b.rangeWith = a;
    }
  }
  return found;
}

/** What a clause is about, from its words. */
const TAX =
  /\b(?:vehicle|car|road) tax\b|\btax (?:disc|is due|due|for|on your)\b|\bved\b|\bvehicle excise\b|\btax your\b/;
const MOT = /\bmot\b/;
const DEAL =
  /\b(?:contract|deal|fix|fixed|tariff|rate|term|promotion(?:al)?|introductory|intro|0%|offer|agreement|product|discount|bundle|price (?:guarantee|promise|freeze)|minimum period|trial)\b/;
const POLICY = /\b(?:policy|cover|insurance|membership|subscription|licence|plan|breakdown)\b/;
const PAY = /\b(?:payment|bill|billing|direct debit|instalment|charge|invoice)\b/;

/** Words that end or start something, and the cue each gives by what the clause is about. */
const END =
  /\b(?:ends?|ending|end date|expires?|expiring|expiry(?: date)?|finish(?:es)?|runs? out|comes? to an end|will end|lapses?|matur(?:es|ity)(?: date)?|until|till)\b/g;
const START =
  /\b(?:starts?|begins?|commences?|start date|starting|effective date|continues?|runs from|cover from)\b/g;
const RENEW_VERB =
  /\b(?:renew(?:s|ing)?|will renew|auto-?renew(?:s|al|ing)?|renewal (?:date|day|is due)|date of renewal|due (?:for|to) renew(?:al)?)\b(?: (?:automatically|on|from|at|for|is|will be|:))*/g;
const RENEWAL_WORD = /\brenewal\b/g;
const DUE = /\bdue\b(?: (?:on|by|for|date|to|is))*/g;
const PAYMENT =
  /\bnext (?:payment|bill|billing(?: date)?|charge|direct debit|instalment|collection)\b|\b(?:will be|we'll|we will|to be) (?:charged|billed|taken|collected|debited)\b|\b(?:we'll|we will) (?:take|collect|charge|debit)\b/g;
const PAYMENT_WEAK = /\b(?:billing date|payment date|billed|collection date)\b/g;
const PERIOD = /\bperiod of (?:insurance|cover)\b|\bcover (?:period|dates)\b/g;
const NEGATIVE =
  /\b(?:dated|letter date|date of (?:this )?(?:letter|notice|issue)|issued?|printed|statement|created|generated|as (?:at|of)|correct as|valid|available|born|birth|dob|since|joined|received|paid|last|previous(?:ly)?|was|were|started|purchased|bought|registered|registration|tested|test date|passed|between|cancel\w*|let us know|tell us|contact us|call us|respond|reply|before|by|no later than|deadline|from|after|within|sent|prior to|opt out|object|increases?|rises?|go(?:es)? up|price change|changes? (?:on|from)|quote\w*|illustration|book(?:ed)?|appointment|delivered|dispatched|posted|print date|ref(?:erence)?)\b/g;
/** The cue's own subject, when it is a quote or an advert's offer, is not the user's contract. */
const VETO = /\b(?:quote|quotation|illustration|this offer|the offer|special offer|sale|voucher|code)\b/;
/** How far (in characters) a cue may be from the date it describes. */
const NEAR = 45;

interface Hit {
  end: number;
  start: number;
  cue: Cue;
}

function lastHit(text: string, pattern: RegExp, cue: (match: string) => Cue): Hit | null {
  let hit: Hit | null = null;
  for (const m of text.matchAll(pattern))
    hit = { start: m.index, end: m.index + m[0].length, cue: cue(m[0]) };
  return hit;
}

/** The cue the words before a date give (`before` is plain text: see context.ts). */
export function cueBefore(before: string): Cue {
  const none: Cue = { kind: 'none', strength: 0 };
  const about = (kind: 'end' | 'start' | 'due'): Cue => {
    if (TAX.test(before) || MOT.test(before)) return { kind: 'vehicle', strength: 2 };
    if (kind === 'due') {
      if (PAY.test(before)) return { kind: 'payment', strength: 2 };
      if (/\brenew/.test(before)) return { kind: 'renewal', strength: 2 };
      return { kind: 'due', strength: 1 };
    }
    if (kind === 'start') {
      if (/\b(?:new|renew\w*|next)\b/.test(before)) return { kind: 'renewal', strength: 2 };
      return POLICY.test(before) ? { kind: 'renewal', strength: 1 } : none;
    }
    if (DEAL.test(before) || POLICY.test(before)) return { kind: 'end', strength: 2 };
    return { kind: 'end', strength: 1 };
  };
  const hits = [
    lastHit(before, RENEW_VERB, () => ({ kind: 'renewal', strength: 2 })),
    lastHit(before, RENEWAL_WORD, () => ({ kind: 'renewal', strength: 1 })),
    lastHit(before, END, (m) => (/^(?:until|till)$/.test(m) && !DEAL.test(before) ? none : about('end'))),
    lastHit(before, START, () => about('start')),
    lastHit(before, DUE, () => about('due')),
    lastHit(before, PAYMENT, () => ({ kind: 'payment', strength: 2 })),
    lastHit(before, PAYMENT_WEAK, () => ({ kind: 'payment', strength: 1 })),
    lastHit(before, PERIOD, () => ({ kind: 'renewal', strength: 1 })),
  ].filter((h): h is Hit => h !== null && h.cue.kind !== 'none');
  const negative = lastHit(before, NEGATIVE, () => none);
  // The nearest words win; a cue and a negative word ending together ('renews from') read as the cue.
  const best = hits.reduce<Hit | null>((a, b) => (!a || b.end > a.end ? b : a), null);
  if (negative && (!best || negative.end > best.end)) return { kind: 'none', strength: 0, negative: true };
  if (!best) return none;
  if (before.length - best.end > NEAR) return none;
  if (VETO.test(before.slice(Math.max(0, best.start - 25), best.start))) return none;
  return best.cue;
}

/** The cue of words right after a date: '14 March 2027 is your renewal date', '… (expiry date)'. */
export function cueAfter(after: string): Cue {
  const m =
    /^[\s:,()-]{0,3}(?:is |will be |=\s*)?(?:your |the )?(renewal date|renewal day|date of renewal|renewal|expiry date|end date|due date|mot due|tax due)\b/.exec(
      after,
    );
  if (!m) return { kind: 'none', strength: 0 };
  if (m[1]!.startsWith('renewal') || m[1] === 'date of renewal') return { kind: 'renewal', strength: 2 };
  if (m[1] === 'mot due' || m[1] === 'tax due') return { kind: 'vehicle', strength: 2 };
  return { kind: m[1] === 'due date' ? 'due' : 'end', strength: 1 };
}

/** The cue of one date: the words before it, else a label on the line above, else the words after. */
function cueOf(mention: DateMention, lines: readonly string[], previous: DateMention | undefined): Cue {
  const line = lines[mention.line]!;
  const from = previous && previous.line === mention.line ? previous.end : 0;
  let before = plain(clauseBefore(line, mention.index, from));
  // A range's 'from' only opens it: 'Period of insurance from 06.01.2027 to 05.01.2028'.
  if (mention.rangeStart) before = before.replace(/\bfrom\s*$/, '');
  // A table's label above its value: 'Renewal date' on one line, '14/03/2027' on the next.
  if (
    !hasWords(before) &&
    mention.index < 40 &&
    mention.line > 0 &&
    (!previous || previous.line < mention.line)
  ) {
    const above = lines[mention.line - 1]!;
    if (above.length <= 80) before = plain(above);
  }
  const cue = cueBefore(before);
  if (cue.kind !== 'none' || cue.negative) return cue;
  return cueAfter(plain(clauseAfter(line, mention.end)));
}

/**
 * The candidates: each date with a cue, in the window a renewal letter talks about (from a week before
 * `reference` to 11 years after it; no window without a reference). A range's start counts as a
 * renewal when it is still ahead, else its end as the deal's end.
 */
export function dateCandidates(
  lines: readonly string[],
  mentions: readonly DateMention[],
  reference: string | null,
): DateCandidate[] {
  // A letter written month first (a date like 12/31/2027 in it, or dollars and no pounds) makes every
  // figures-only date in it unsure either way.
  const text = lines.join('\n');
  const american =
    mentions.some((m) => m.numeric === 'us') || (/\$\s?\d/.test(text) && !/£|\bGBP\b/i.test(text));
  const british = mentions.some(
    (m) => m.numeric === 'uk' && NUMERIC.test(lines[m.line]!.slice(m.index, m.end)),
  );
  const inWindow = (date: string) =>
    !reference || (daysBetween(reference, date) >= -7 && daysBetween(reference, date) <= 11 * 366);
  // A policy's start is its renewal only in a document about renewing (not a new policy's quote).
  const renewing = /\brenew/i.test(text);
  const candidates: DateCandidate[] = [];
  mentions.forEach((mention, i) => {
    if (mention.numeric === 'either' && american) return;
    if (mention.numeric === 'us' && british) return;
    if (mention.rangeWith && !mention.rangeStart) return;
    // A question ('Your current policy renews on 2 January?') asks; it does not tell.
    if (/^[^.!?]*\?/.test(lines[mention.line]!.slice(mention.end))) return;
    let cue = cueOf(mention, lines, mentions[i - 1]);
    let date = mention.date;
    if (mention.rangeWith) {
      const end = mention.rangeWith;
      // A policy year or a contract's span: its start if still ahead, else its end.
      if (
        cue.kind === 'none' &&
        (cue.negative ||
          !/\b(?:period|cover|policy|insurance|contract|term)\b/.test(
            plain(clauseBefore(lines[mention.line]!, mention.index)),
          ))
      )
        return;
      if (reference && daysBetween(reference, mention.date) < -7) {
        date = end.date;
        cue = { kind: 'end', strength: cue.kind === 'none' ? 1 : cue.strength };
      } else if (cue.kind === 'none' || cue.kind === 'end')
        cue = { kind: 'renewal', strength: cue.kind === 'none' ? 1 : cue.strength };
    }
    if (cue.kind === 'none' || !inWindow(date)) return;
    if (cue.kind === 'renewal' && cue.strength === 1 && !renewing) return;
    candidates.push({ date, kind: cue.kind, strength: cue.strength, line: mention.line });
  });
  return candidates;
}

/** The one date the candidates agree on, with its kind and line; null when they do not agree. */
export function chooseDate(candidates: readonly DateCandidate[]): DateCandidate | null {
  // A renewal, a deal's end or a tax or MOT date outranks a payment date (an insurer's first monthly
  // instalment is not the renewal); payment dates count only when there is nothing else.
  const main = candidates.filter((c) => c.kind !== 'payment');
  const pool = main.length > 0 ? main : candidates;
  if (pool.length === 0) return null;
  const strongest = Math.max(...pool.map((c) => c.strength));
  const top = pool.filter((c) => c.strength === strongest);
  const days = [...new Set(top.map((c) => c.date))].sort();
  if (days.length === 1) return top.find((c) => c.kind !== 'due') ?? top[0]!;
  // 'Your policy ends on 13 March; your new one starts on 14 March': the renewal is the 14th.
  if (days.length === 2 && daysBetween(days[0]!, days[1]!) === 1) {
    const renewal = top.find((c) => c.date === days[1] && (c.kind === 'renewal' || c.kind === 'vehicle'));
    if (renewal && top.every((c) => c.date === days[1] || c.kind === 'end')) return renewal;
  }
  return null;
}

/** The date kind a cue gives; null when the words do not say ('due on'). */
export function dateKindOf(kind: DateCandidate['kind']): DateKind | null {
  if (kind === 'end') return 'deal_end';
  if (kind === 'payment') return 'next_payment';
  if (kind === 'due') return null;
  return 'renewal';
}
