/**
 * The price per payment, how often it is paid, and what it was before. Every sum in pounds is found
 * ('£52.34', 'GBP 52.34', '52.34 pounds'; read by the product's own money reader) and read by its
 * nearest words: its period ('£52.34 a month', 'per annum', '12 monthly instalments of', 'annual
 * premium'), and its role: the new price ('your renewal premium', 'will be', 'new monthly price'),
 * the old one ('last year's premium', 'you currently pay', 'from £45 to £48'), or neither (an excess,
 * a cover limit, an exit fee, a saving, a price per day or per kWh, an offer for something else, a
 * quote, a list of other deals). As with dates, when the strongest readings disagree nothing is given.
 */
import type { Category } from '../../../../shared/reminder/categories.ts';
import { readMoneyText } from '../../../../shared/reminder/money-text.ts';
import type { Repeats } from '../../../../shared/reminder/terms.ts';
import { AMOUNT_MAX } from '../../../../shared/schemas/fields.ts';
import { clauseAfter, clauseBefore, hasWords, plain, type Span } from './context.ts';

export type Period = Repeats | 'day' | 'unit';

export interface AmountMention extends Span {
  pounds: number;
  period: Period | null;
  role: 'current' | 'previous' | 'ignore';
  /** How surely the words say it is this role: 3 plainly, 2 a price word, 1 only a period. */
  strength: number;
  /** Named a premium or a total payable with no period: for insurance, a year's price. */
  premium: boolean;
}

const MONEY =
  /(?:£|\bGBP\s?)\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?)(?![\d,]*\d)(\s?(?:k|m|bn|million|billion|thousand)\b)?|\b((?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2})\s?(?:gbp|pounds)\b/gi;
const HAS_MONEY = /£\s?\d|\bgbp\s?\d|\d\s?(?:gbp|pounds)\b/i;

const PERIOD_AFTER: readonly [RegExp, Period][] = [
  [
    /^\s*(?:\/\s*|per |a |an |each |every )(?:calendar )?(?:month|mth|mo)\b|^\s*(?:monthly|pcm|pm|p\/m)\b/,
    'monthly',
  ],
  [
    /^\s*(?:\/\s*|per |a |an |each |every )(?:year|yr|annum)\b|^\s*(?:annually|yearly|pa|p\.a\.|for the year|for 12 months)(?!\w)/,
    'yearly',
  ],
  [/^\s*(?:\/\s*|per |a |an |each |every )(?:week|wk)\b|^\s*(?:weekly|pw|p\/w)\b/, 'weekly'],
  [/^\s*(?:\/\s*|per |a |each |every )quarter\b|^\s*quarterly\b|^\s*every (?:3|three) months\b/, 'quarterly'],
  [/^\s*every (?:6|six) months\b|^\s*half[- ]yearly\b/, 'half_yearly'],
  [/^\s*(?:\/\s*|per |a |each |every )day\b|^\s*(?:daily|p\/d|pd)\b/, 'day'],
  [/^\s*(?:\/\s*|per |a |each )(?:kwh|unit|minute|min|text|gb|mb|call|litre|mile)\b/, 'unit'],
];
/** A period named in the words just before a sum: 'monthly payments of', 'annual premium:'. */
const WORDS_TO_END = String.raw`(?: [\w'/.,%()-]+){0,6}\W*$`;
const PERIOD_BEFORE: readonly [RegExp, Period][] = [
  [
    new RegExp(
      String.raw`\b(?:monthly|per month|a month|each month|every month|month(?:ly)? instalments?)\b${WORDS_TO_END}`,
    ),
    'monthly',
  ],
  [
    new RegExp(
      String.raw`\b(?:annual(?:ly)?|yearly|per annum|a year|per year|for the year|12[- ]months?|twelve months|year's)\b${WORDS_TO_END}`,
    ),
    'yearly',
  ],
  [new RegExp(String.raw`\b(?:weekly|per week|a week)\b${WORDS_TO_END}`), 'weekly'],
  [new RegExp(String.raw`\b(?:quarterly|per quarter)\b${WORDS_TO_END}`), 'quarterly'],
  [/\b(?:daily|per day|a day)\b(?: [\w']+){0,3}\W*$/, 'day'],
];

/** Cues; the nearest wins, and an 'ignore' inside or after the winner wins over it ('current balance'). */
const IGNORE =
  /\b(?:excess(?:es)?|(?<!go |goes |going |gone |went )up to|limit|cover(?:ed)? (?:of|for|up to)|sums? insured|insured for|value[ds]?|worth|exit fees?|early (?:termination|exit|repayment|cancellation) (?:charges?|fees?)|cancellation (?:charges?|fees?)|admin(?:istration)? (?:charges?|fees?)|arrangement fees?|booking fees?|product fees?|late (?:payment )?fees?|maximum|max|interest|apr|balance|credit limit|deposit|sav(?:e|es|ing|ings)|saved|cheaper|less|discount|off|cashback|reward|voucher|refund|increased? (?:of|by)|rise of|up by|down by|go(?:es)? up by|more|extra|additional|add(?:ing)?|optional|minimum (?:monthly )?payment|loan|borrow(?:ing|ed)?|outstanding|remaining|owe|just|only|starting at|as little as|compensation|legal expenses|standing charges?|unit rates?|per kwh|kwh|difference|(?:total|amount) paid|fined?|penalty|or)\b/g;
const PREVIOUS_STRONG =
  /\b(?:last year(?:'s)?(?: [\w']+){0,3}|(?:the )?last 12 months|previous(?:ly)?(?: [\w']+){0,3}|this year you paid|you paid|you've been paying|what you paid|your old|compared (?:with|to)|keep paying|still pay|continue to pay)\b/g;
/** 'current' and 'existing' reach over the words they describe ('your current monthly Direct Debit is'). */
const PREVIOUS =
  /\b(?:(?:current|existing|old)(?: [\w']+){0,3}|currently|you (?:currently )?pay|(?:price|payment|premium|cost|pay|bill|direct debit)s? (?:right )?now|right now|was|were|up from|before|until then)\b/g;
const CURRENT_STRONG =
  /\b(?:renewal (?:premium|price|cost|amount|quote|offer)|new (?:annual |monthly |yearly )?(?:premium|price|payment|direct debit|rate|cost|amount|tariff)|total (?:amount )?(?:payable|to pay|cost|premium|price|due|annual)|(?:will|would) (?:be|cost|rise to|increase to|go up to|change to|become)|will now be|you(?:'ll| will) (?:pay|be charged)|next year(?:'s)?(?: \w+)?|(?:for )?the next 12 months|this year's (?:premium|price)|amount due|increas(?:e|es|ing) to|ris(?:e|es|ing) to|go(?:es|ing)? up to|going forward|renew(?:s|al)? (?:for|at)|(?:price|payment|cost) after (?:that|this|then|your|the|\d\S*))\b/g;
const CURRENT =
  /\b(?:premium|price|costs?|payments?|instalments?|direct debit|subscription(?: fee| price)?|membership(?: fee)?|fee|charged?|plan|tariff|bill|pay|paying|rental|total|tax rate|rate)\b/g;
/**
 * A sentence about something else on offer (the best tariffs a provider must list, an add-on, a
 * quote, another way to pay) or a rise's rule: none of its sums is the user's price.
 */
const ELSEWHERE =
  /\b(?:best (?:deals?|tariffs?|offers?|prices?)|cheapest|re-?contract(?:ing)?|new (?:[\w-]+ ){0,2}(?:contract|plan)|sign up|could pay|could save|if you(?:'d)? (?:upgrade|switch|recontract|re-contract|sign|choose|fix|take|pay|prefer|would prefer|want to pay|choose to pay)|prefer to pay|alternatively|other (?:deals|tariffs)|instead|why not|upgrade|get a (?:free )?quote|(?<!renewal )quot(?:e|es|ed|ation)|refer a friend|from just|starting (?:from|at)|add (?:\w+ ){0,4}for|book(?:ing)?|spread (?:it|the cost)|(?:each|every|in) april|annual price (?:rise|increase))\b/;
/** Words that put a sentence's price in the future. */
const FUTURE =
  /\b(?:will|would|you'll|we'll|estimated|from (?:\d|the \d|next|then|january|february|march|april|may|june|july|august|september|october|november|december))\b/;
/** A line that heads a list of other deals ('Our best deals for you:', 'Rates available to you today include:'). */
const LIST_HEAD =
  /\b(?:best (?:deals?|tariffs?|offers?|prices?|rates?)|(?:rates|deals|tariffs|plans|options|products) (?:available|you can choose|include)|available to you|other (?:deals|ways|options|tariffs)|choose from|alternatives?)\b/;

function lastSpan(text: string, pattern: RegExp): [number, number] {
  let span: [number, number] = [-1, -1];
  for (const m of text.matchAll(pattern)) span = [m.index, m.index + m[0].length];
  return span;
}

function periodOf(before: string, after: string): Period | null {
  for (const [re, period] of PERIOD_AFTER) if (re.test(after)) return period;
  for (const [re, period] of PERIOD_BEFORE) if (re.test(before)) return period;
  return null;
}

type Role = Pick<AmountMention, 'role' | 'strength'>;
const IGNORED: Role = { role: 'ignore', strength: 0 };

/** A sum's role and how sure: the nearest cue before it; a period alone makes a weak price. */
function roleOf(before: string, sentence: string, period: Period | null): Role {
  if (period === 'day' || period === 'unit' || ELSEWHERE.test(sentence)) return IGNORED;
  const cues: [[number, number], AmountMention['role'], number][] = [
    [lastSpan(before, PREVIOUS_STRONG), 'previous', 3],
    [lastSpan(before, PREVIOUS), 'previous', 2],
    [lastSpan(before, CURRENT_STRONG), 'current', 3],
    [lastSpan(before, CURRENT), 'current', 2],
  ];
  // Nearest wins; on a tie the earlier entry (previous before current) wins.
  let best: [[number, number], AmountMention['role'], number] | null = null;
  for (const cue of cues) if (cue[0][1] > (best?.[0][1] ?? -1)) best = cue;
  const ignore = lastSpan(before, IGNORE);
  const weak: Role = period ? { role: 'current', strength: 1 } : IGNORED;
  if (!best) return ignore[1] > -1 ? IGNORED : weak;
  // An ignored word after the cue began ('current balance') or right before it ('maximum fee') decides.
  if (ignore[1] > -1 && ignore[1] >= best[0][0] - 1) return IGNORED;
  // A price word far from the sum ('…premium, which includes insurance premium tax of £12') says little.
  if (before.length - best[0][1] > 70 || (best[2] < 3 && before.length - best[0][1] > 40)) return weak;
  // A previous price word in a clause that says what it will be ('current price will be') is the new one.
  if (best[1] === 'previous' && best[2] === 2 && lastSpan(before, CURRENT_STRONG)[1] > -1)
    return { role: 'current', strength: 3 };
  // A price in a sentence about what comes ('From May 2027 your estimated payment is') is the new one.
  if (best[1] === 'current' && best[2] === 2 && FUTURE.test(sentence))
    return { role: 'current', strength: 3 };
  return { role: best[1], strength: best[2] };
}

/** Every sum in pounds on the lines, with its period and role. */
export function findAmounts(lines: readonly string[]): AmountMention[] {
  const found: AmountMention[] = [];
  // Lines under a heading of other deals, while they hold sums.
  let inList = false;
  lines.forEach((line, n) => {
    const hasMoney = HAS_MONEY.test(line);
    if (LIST_HEAD.test(plain(line)) && !hasMoney) {
      inList = true;
      return;
    }
    if (!hasMoney) {
      inList = false;
      return;
    }
    const matches = [...line.matchAll(MONEY)];
    // Sums side by side with no words between are a table's columns ('£1,103.20 £1,207.44'): which
    // column is the current tariff and which the next, the words cannot say.
    const columns = matches.some(
      (m, i) =>
        i > 0 && !/\p{L}/u.test(line.slice(matches[i - 1]!.index + matches[i - 1]![0].length, m.index)),
    );
    matches.forEach((m, i) => {
      // '£1m of cover', '£5k': a limit, never a price.
      if (m[2]) return;
      const reading = readMoneyText(m[1] ?? m[3]!);
      if (reading.kind !== 'pounds' || reading.pounds <= 0 || reading.pounds > AMOUNT_MAX) return;
      const previous = matches[i - 1];
      const next = matches[i + 1];
      const from = previous ? previous.index + previous[0].length : 0;
      let before = plain(clauseBefore(line, m.index, from));
      const sentence = plain(clauseBefore(line, m.index, 0, 200));
      // A table's label above its value.
      if (
        !hasWords(before) &&
        m.index < 30 &&
        n > 0 &&
        !previous &&
        lines[n - 1]!.length <= 80 &&
        !HAS_MONEY.test(lines[n - 1]!)
      )
        before = plain(lines[n - 1]!);
      const after = plain(clauseAfter(line, m.index + m[0].length, next?.index ?? line.length));
      const period = periodOf(before, after);
      found.push({
        line: n,
        index: m.index,
        end: m.index + m[0].length,
        pounds: reading.pounds,
        period,
        ...(inList || columns ? IGNORED : roleOf(before, sentence, period)),
        premium: /\b(?:premium|total (?:amount )?payable|total (?:price|cost))\b/.test(before),
      });
    });
  });
  pairUp(found, lines);
  return found;
}

/**
 * Two sums that say a change: 'from £45 to £48 a month' (was, will be), '£1,780.22, compared with
 * £1,611.08 a year' (will be, was). They share a period when only one says it.
 */
function pairUp(found: AmountMention[], lines: readonly string[]): void {
  for (let i = 0; i + 1 < found.length; i++) {
    const [a, b] = [found[i]!, found[i + 1]!];
    if (a.line !== b.line) continue;
    const line = lines[a.line]!;
    const between = plain(line.slice(a.end, b.index));
    let pair: [AmountMention, AmountMention] | null = null;
    if (
      a.role !== 'ignore' &&
      /^\s*(?:\/\S+\s*)?(?:a \w+ |per \w+ )?(?:to|→|->)\s*$/.test(between) &&
      /\bfrom\s*$/.test(plain(line.slice(0, a.index)))
    )
      pair = [a, b];
    else if (a.role === 'current' && /^\W*(?:compared (?:with|to)|against|versus|vs\.?)\s*$/.test(between))
      pair = [b, a];
    // 'will increase to £74 per month from £69 per month'.
    else if (
      /^\s*(?:\/\S+\s*)?(?:a \w+ |per \w+ )?from\s*$/.test(between) &&
      /\bto\s*$/.test(plain(line.slice(0, a.index)))
    )
      pair = [b, a];
    // '£21.43 a month (was £18.67)': side by side, the old price is in the new one's period.
    else if (a.role === 'current' && b.role === 'previous' && between.length <= 20) {
      b.period ??= a.period;
      continue;
    }
    if (!pair) continue;
    const [was, willBe] = pair;
    Object.assign(was, { role: 'previous', strength: 3 });
    Object.assign(willBe, { role: 'current', strength: 3 });
    was.period ??= willBe.period;
    willBe.period ??= was.period;
  }
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

/** How the document describes what is paid, when it does so one way only: 'monthly price', 'annual membership'. */
function documentPeriod(text: string): Period | null {
  const PRODUCT = String.raw`(?: [\w+'-]+){0,3} (?:price|payment|premium|cost|fee|charge|subscription|membership|plan|direct debit|instalments?|bill|policy|contract|cover)\b`;
  const found = new Set<Period>();
  if (new RegExp(String.raw`\bmonthly${PRODUCT}`).test(text)) found.add('monthly');
  if (new RegExp(String.raw`\b(?:annual|yearly|12[- ]month|one[- ]year)${PRODUCT}`).test(text))
    found.add('yearly');
  if (new RegExp(String.raw`\bweekly${PRODUCT}`).test(text)) found.add('weekly');
  return found.size === 1 ? [...found][0]! : null;
}

export function chooseAmounts(
  mentions: readonly AmountMention[],
  category: Category | null,
  lines: readonly string[],
): AmountChoice {
  const text = plain(lines.join('\n'));
  const paysMonthly =
    /\b(?:you pay|paying|you've chosen to pay|payment (?:method|frequency|option))\W+(?:\w+ ){0,3}monthly\b|\bpay(?:ing)? (?:by )?monthly direct debit\b/.test(
      text,
    );
  const yearly = category === 'insurance' || category === 'car_tax_mot';
  // In insurance a price with no period is a year's: a policy runs a year, and a monthly price says so.
  const periodFor = (m: AmountMention): Period | null =>
    m.period ?? (category === 'insurance' && (m.premium || m.strength >= 2) ? 'yearly' : null);
  const previousPeriods = mentions.filter((m) => m.role === 'previous').map(periodFor);
  const currents = mentions.filter((m) => m.role === 'current');
  const current = agree(currents, [
    (m) => previousPeriods.includes(periodFor(m)),
    (m) => periodFor(m) === (paysMonthly ? 'monthly' : yearly ? 'yearly' : 'monthly'),
  ]);
  // Like for like: an old price in the new price's period first, however plainly the others are said.
  const previouses = mentions.filter((m) => m.role === 'previous');
  const alike = previouses.filter((m) => current !== null && periodFor(m) === periodFor(current));
  let previous = agree(alike.length > 0 ? alike : previouses, []);
  // 'Your payment: £96 a month … your payment will rise to £109 a month': with no word for the old
  // price, the one other price of the same period said before the new one is what it was.
  if (!previous && current && current.strength === 3) {
    const before = currents.filter(
      (m) =>
        m.strength === 2 &&
        m.pounds !== current.pounds &&
        (periodFor(current) === null || periodFor(m) === periodFor(current)) &&
        (m.line < current.line || (m.line === current.line && m.index < current.index)),
    );
    if (new Set(before.map((m) => m.pounds)).size === 1) previous = before[0]!;
  }
  const period = (current && periodFor(current)) ?? (previous && periodFor(previous)) ?? documentPeriod(text);

  return {
    amount: current,
    previous,
    repeats: (current ?? previous) && period !== 'day' && period !== 'unit' ? period : null,
  };
}
