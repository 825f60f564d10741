/**
 * The price per payment, how often it is paid, and what it was before. Every sum in pounds is found
 * ('£52.34', 'GBP 52.34', '52.34 pounds'; read by the product's own money reader) and read by its
 * nearest words: its period ('£52.34 a month', 'per annum', '12 monthly instalments of', 'annual
 * premium'), and its role: the new price ('your renewal premium', 'will be', 'new monthly price'),
 * the old one ('last year's premium', 'you currently pay', 'from £45 to £48'), or neither (an excess,
 * a cover limit, an exit fee, a saving, a price per day or per kWh, an offer for something else, a
 * quote). As with dates, when the strongest readings disagree nothing is given.
 */
import type { Category } from '../../../shared/categories.ts';
import { readMoneyText } from '../../../shared/money-text.ts';
import type { Repeats } from '../../../shared/reminder/terms.ts';
import { AMOUNT_MAX } from '../../../shared/schemas.ts';
import { clauseAfter, clauseBefore, hasWords, plain, type Span } from './context.ts';

export type Period = Repeats | 'day' | 'unit';

export interface AmountMention extends Span {
  pounds: number;
  period: Period | null;
  role: 'current' | 'previous' | 'ignore';
  /** How surely the words say it is this role: 3 plainly, 2 a price word, 1 only a period. */
  strength: number;
  /** A bare insurance-style 'premium' with no period: a year's price. */
  premium: boolean;
}

const MONEY =
  /(?:£|\bGBP\s?)\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)(?![\d,]*\d)(\s?(?:k|m|bn|million|billion|thousand)\b)?|\b((?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2})\s?(?:gbp|pounds)\b/gi;

const HAS_MONEY = /£\s?\d|\bgbp\s?\d|\d\s?(?:gbp|pounds)\b/i;

const PERIOD_AFTER: readonly [RegExp, Period][] = [
  [/^\s*(?:\/\s*|per |a |an |each |every )(?:calendar )?(?:month|mth|mo)\b|^\s*(?:monthly|pcm|pm|p\/m)\b/, 'monthly'],
  [/^\s*(?:\/\s*|per |a |an |each |every )(?:year|yr|annum)\b|^\s*(?:annually|yearly|pa|p\.a\.|for the year|for 12 months)(?!\w)/, 'yearly'],
  [/^\s*(?:\/\s*|per |a |an |each |every )(?:week|wk)\b|^\s*(?:weekly|pw|p\/w)\b/, 'weekly'],
  [/^\s*(?:\/\s*|per |a |each |every )quarter\b|^\s*quarterly\b|^\s*every (?:3|three) months\b/, 'quarterly'],
  [/^\s*every (?:6|six) months\b|^\s*half[- ]yearly\b/, 'half_yearly'],
  [/^\s*(?:\/\s*|per |a |each |every )day\b|^\s*(?:daily|p\/d|pd)\b/, 'day'],
  [/^\s*(?:\/\s*|per |a |each )(?:kwh|unit|minute|min|text|gb|mb|call|litre|mile)\b/, 'unit'],
];
/** A period named in the words just before a sum: 'monthly payments of', 'annual premium:'. */
const PERIOD_BEFORE: readonly [RegExp, Period][] = [
  [/\b(?:monthly|per month|a month|each month|every month|month(?:ly)? instalments?)\b(?: [\w']+){0,5}\W*$/, 'monthly'],
  [/\b(?:annual(?:ly)?|yearly|per annum|a year|per year|for the year|12[- ]months?|twelve months|year's)\b(?: [\w']+){0,5}\W*$/, 'yearly'],
  [/\b(?:weekly|per week|a week)\b(?: [\w']+){0,4}\W*$/, 'weekly'],
  [/\b(?:quarterly|per quarter)\b(?: [\w']+){0,4}\W*$/, 'quarterly'],
  [/\b(?:daily|per day|a day)\b(?: [\w']+){0,3}\W*$/, 'day'],
];

/** Cues, nearest first wins; on a tie 'ignore' wins (an 'exit fee' is a fee, but not the price). */
const IGNORE =
  /\b(?:excess(?:es)?|up to|limit|cover(?:ed)? (?:of|for|up to)|sum insured|insured for|value[ds]?|worth|exit fees?|early (?:termination|exit|repayment|cancellation) (?:charges?|fees?)|cancellation (?:charges?|fees?)|admin(?:istration)? (?:charges?|fees?)|arrangement fees?|booking fees?|product fees?|late (?:payment )?fees?|interest|apr|balance|credit limit|deposit|sav(?:e|es|ing|ings)|saved|cheaper|less|discount|off|cashback|reward|voucher|refund|increase (?:of|by)|increased by|rise of|up by|down by|go(?:es)? up by|more|extra|additional|add(?:ing)?|optional|minimum (?:monthly )?payment|loan|borrow(?:ing|ed)?|outstanding|remaining|owe|just|only|starting at|as little as|compensation|legal expenses|standing charges?|unit rates?|per kwh|kwh|difference)\b/g;
const PREVIOUS_STRONG =
  /\b(?:last year(?:'s)?(?: \w+)?|previous(?:ly)?(?: \w+)?|this year you paid|you paid|you've been paying|what you paid|your old)\b/g;
/** 'current' and 'existing' reach over the words they describe ('your current monthly Direct Debit is'). */
const PREVIOUS = /\b(?:(?:current|existing|old)(?: [\w']+){0,3}|currently|you (?:currently )?pay|was|were|up from|before)\b/g;
const CURRENT_STRONG =
  /\b(?:renewal (?:premium|price|cost|amount)|new (?:annual |monthly |yearly )?(?:premium|price|payment|direct debit|rate|cost|amount|tariff)|total (?:amount )?(?:payable|to pay|cost|premium|price|due|annual)|(?:will|would) (?:be|cost|rise to|increase to|go up to|change to|become)|will now be|you(?:'ll| will) (?:pay|be charged)|next year(?:'s)?(?: \w+)?|this year's (?:premium|price)|amount due|increas(?:e|es|ing) to|ris(?:e|es|ing) to|go(?:es|ing)? up to|going forward)\b/g;
const CURRENT =
  /\b(?:premium|price|costs?|payments?|instalments?|direct debit|subscription(?: fee| price)?|membership(?: fee)?|fee|charged?|plan|tariff|bill|pay|paying|amount|rental|total|renews? at|tax rate|rate)\b/g;
/** A clause about something else on offer: the best tariffs a provider must list, an add-on, a quote. */
const ELSEWHERE =
  /\b(?:best (?:deals?|tariffs?|offers?|prices?)|cheapest|re-?contract(?:ing)?|new contract|sign up|could pay|could save|if you (?:upgrade|switch|recontract|re-contract|sign|choose|fix|take)|alternatively|other (?:deals|tariffs)|instead|why not|upgrade|get a (?:free )?quote|(?<!renewal )quot(?:e|es|ed|ation)|refer a friend|from just|starting (?:from|at)|add (?:\w+ ){0,4}for|book(?:ing)?)\b/;

function lastEnd(text: string, pattern: RegExp): number {
  let end = -1;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

function periodOf(before: string, after: string): Period | null {
  for (const [re, period] of PERIOD_AFTER) if (re.test(after)) return period;
  for (const [re, period] of PERIOD_BEFORE) if (re.test(before)) return period;
  return null;
}

/** A sum's role and how sure: the nearest cue before it; a period alone makes a weak price. */
function roleOf(before: string, period: Period | null): Pick<AmountMention, 'role' | 'strength'> {
  if (period === 'day' || period === 'unit' || ELSEWHERE.test(before)) return { role: 'ignore', strength: 0 };
  const cues: [number, AmountMention['role'], number][] = [
    [lastEnd(before, IGNORE), 'ignore', 0],
    [lastEnd(before, PREVIOUS_STRONG), 'previous', 3],
    [lastEnd(before, PREVIOUS), 'previous', 2],
    [lastEnd(before, CURRENT_STRONG), 'current', 3],
    [lastEnd(before, CURRENT), 'current', 2],
  ];
  // Nearest wins; on a tie the earlier entry (ignore, then previous) wins.
  let best: [number, AmountMention['role'], number] = [-1, 'ignore', 0];
  for (const cue of cues) if (cue[0] > best[0]) best = cue;
  if (best[0] === -1) return period ? { role: 'current', strength: 1 } : { role: 'ignore', strength: 0 };
  // A price word far from the sum ('…premium, which includes insurance premium tax of £12') says little.
  if (best[1] !== 'ignore' && before.length - best[0] > 40) return period ? { role: 'current', strength: 1 } : { role: 'ignore', strength: 0 };
  // A previous price word in a clause that says what it will be ('current price will be') is the new one.
  if (best[1] === 'previous' && lastEnd(before, CURRENT_STRONG) > -1 && best[2] === 2) return { role: 'current', strength: 3 };
  return { role: best[1], strength: best[2] };
}

/** Every sum in pounds on the lines, with its period and role. */
export function findAmounts(lines: readonly string[]): AmountMention[] {
  const found: AmountMention[] = [];
  lines.forEach((line, n) => {
    if (!/£|gbp|pound/i.test(line)) return;
    const matches = [...line.matchAll(MONEY)];
    matches.forEach((m, i) => {
      // '£1m of cover', '£5k': a limit, never a price.
      if (m[2]) return;
      const reading = readMoneyText(m[1] ?? m[3]!);
      if (reading.kind !== 'pounds' || reading.pounds <= 0 || reading.pounds > AMOUNT_MAX) return;
      const previous = matches[i - 1];
      const next = matches[i + 1];
      const from = previous ? previous.index + previous[0].length : 0;
      let before = plain(clauseBefore(line, m.index, from));
      // A table's label above its value.
      if (!hasWords(before) && m.index < 30 && n > 0 && !previous && lines[n - 1]!.length <= 80 && !HAS_MONEY.test(lines[n - 1]!))
        before = plain(lines[n - 1]!);
      const after = plain(clauseAfter(line, m.index + m[0].length, next?.index ?? line.length));
      const period = periodOf(before, after);
      found.push({
        line: n,
        index: m.index,
        end: m.index + m[0].length,
        pounds: reading.pounds,
        period,
        ...roleOf(before, period),
        premium: /\bpremium\b/.test(before),
      });
    });
  });
  // 'from £45 to £48 a month': the first is what it was, the second what it will be, sharing a period.
  for (let i = 0; i + 1 < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    if (a.line !== b.line || a.role === 'ignore') continue;
    const line = lines[a.line]!;
    const between = plain(line.slice(a.end, b.index));
    if (/^\s*(?:\/\S+\s*)?(?:a \w+ |per \w+ )?(?:to|→|->)\s*$/.test(between) && /\bfrom\s*$/.test(plain(line.slice(0, a.index)))) {
      a.role = 'previous';
      a.strength = 3;
      b.role = 'current';
      b.strength = 3;
      a.period ??= b.period;
      b.period ??= a.period;
    }
  }
  return found;
}

export interface AmountChoice {
  amount: AmountMention | null;
  previous: AmountMention | null;
  repeats: Repeats | null;
}

/** The one value the strongest mentions of a role agree on; ties broken by `prefer`, else none. */
function agree(mentions: readonly AmountMention[], prefer: readonly ((m: AmountMention) => boolean)[]) {
  if (mentions.length === 0) return null;
  const strongest = Math.max(...mentions.map((m) => m.strength));
  let top = mentions.filter((m) => m.strength === strongest);
  for (const rule of [() => true, ...prefer]) {
    const kept = top.filter(rule);
    if (kept.length > 0) top = kept;
    if (new Set(top.map((m) => m.pounds)).size === 1) return top[0]!;
  }
  return null;
}

/** The period a mention is paid by: its own, or a year for an insurance premium that names none. */
const periodFor = (m: AmountMention): Period | null => m.period ?? (m.premium ? 'yearly' : null);

export function chooseAmounts(
  mentions: readonly AmountMention[],
  category: Category | null,
  lines: readonly string[],
): AmountChoice {
  const text = plain(lines.join('\n'));
  const paysMonthly =
    /\b(?:you pay|paying|you've chosen to pay|payment (?:method|frequency|option))\W+(?:\w+ ){0,3}monthly\b|\bmonthly direct debit\b/.test(
      text,
    );
  const yearly = category === 'insurance' || category === 'car_tax_mot';
  const previousPeriods = mentions.filter((m) => m.role === 'previous').map(periodFor);
  const current = agree(
    mentions.filter((m) => m.role === 'current'),
    [
      (m) => previousPeriods.includes(periodFor(m)),
      (m) => periodFor(m) === (paysMonthly ? 'monthly' : yearly ? 'yearly' : 'monthly'),
    ],
  );
  const previous = agree(
    mentions.filter((m) => m.role === 'previous'),
    [(m) => current !== null && periodFor(m) === periodFor(current)],
  );
  const period = (current && periodFor(current)) ?? (previous && periodFor(previous)) ?? null;
  return {
    amount: current,
    previous,
    repeats: period === 'day' || period === 'unit' ? null : period,
  };
}
