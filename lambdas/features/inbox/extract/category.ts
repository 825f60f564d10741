/**
 * The category, from the product's closed list, by the words the document uses: 'car insurance',
 * 'fixed rate mortgage', 'kWh', 'broadband', '0% balance transfer', 'membership', 'vehicle tax'. Each
 * word scores its category (strong words more, the subject line double), the provider's own category
 * adds to it when the provider sells in one only, and the top score wins when it is clear of the next.
 */
import type { Category } from '../../../../shared/reminder/categories.ts';
import { plain } from './context.ts';

/** [pattern, points]: 3 for words that name the category, 1 for words that lean towards it. */
const WORDS: Record<Category, readonly [RegExp, number][]> = {
  insurance: [
    [
      /\b(?:car|motor|home|house|buildings|contents|pet|dog|cat|travel|van|motorbike|bike|landlord|life|health|breakdown|gadget|boiler)(?: and contents)? (?:insurance|cover|policy)\b/g,
      3,
    ],
    [/\binsurance\b/g, 2],
    [/\b(?:annual|renewal|your|total|last year's|this year's|insurance) premium\b/g, 2],
    [/\bpolicy (?:number|schedule|documents?|booklet|wording)\b/g, 2],
    [/\bno[- ]claims?(?: discount| bonus)?\b/g, 2],
    [/\b(?:compulsory|voluntary) excess\b|\bexcess\b/g, 1],
    [/\bunderwritten\b|\binsurer\b|\bpolicyholder\b|\bcertificate of motor insurance\b/g, 2],
    [/\bbreakdown (?:cover|membership)\b|\broadside assistance\b/g, 3],
  ],
  mortgage: [
    [/\bmortgage\b/g, 3],
    [
      /\bproduct transfer\b|\bremortgag\w*\b|\bstandard variable rate\b|\bfollow[- ]on rate\b|\bsvr\b|\bbase rate tracker\b/g,
      3,
    ],
    [/\bloan to value\b|\bltv\b|\bearly repayment charge\b|\bproperty\b/g, 1],
  ],
  credit_cards: [
    [/\bcredit card\b|\bcard ending\b|\bcard account\b/g, 3],
    [/\bbalance transfers?\b|\bmoney transfer\b|\bpurchase rate\b|\b0% (?:on )?(?:purchases?|balance)\b/g, 3],
    [/\bpromotional (?:rate|period)\b|\bintroductory rate\b/g, 2],
    [/\bminimum (?:monthly )?payment\b|\bcredit limit\b|\bstatement\b/g, 1],
  ],
  utilities_energy: [
    [
      /\benergy\b|\belectricity\b|\bdual fuel\b|\bkwh\b|\bstanding charges?\b|\bunit rates?\b|\bofgem\b|\bprice cap\b/g,
      3,
    ],
    [/\bgas\b|\bmeter\b|\bfixed (?:energy )?tariff\b/g, 2],
    [/\btariff\b|\bwater\b|\bsewerage\b/g, 1],
  ],
  broadband_mobile: [
    [
      /\bbroadband\b|\bfibre\b|\bmobile (?:plan|contract|tariff|phone contract)\b|\bsim(?:[- ]only)?\b|\bairtime\b|\bhandset\b|\blandline\b|\bline rental\b|\brouter\b|\bmbps\b|\bofcom\b|\bend[- ]of[- ]contract notification\b/g,
      3,
    ],
    [
      /\bdata allowance\b|\bunlimited data\b|\b\d+ ?gb (?:of )?data\b|\bwi-?fi\b|\bminutes and texts\b|\bphone\b|\bmobile\b/g,
      1,
    ],
  ],
  subscriptions: [
    [/\bsubscription\b|\bstreaming\b|\bfree trial\b|\bcancel (?:at )?any ?time\b/g, 3],
    [
      /\bmembership\b|\bplan\b|\bbilling (?:date|period|cycle)\b|\bnext billing\b|\bbilled (?:monthly|annually|yearly)\b/g,
      1,
    ],
  ],
  car_tax_mot: [
    [
      /\bvehicle tax\b|\bcar tax\b|\broad tax\b|\bvehicle excise duty\b|\bdvla\b|\bv11\b|\btax your vehicle\b|\bsorn\b/g,
      3,
    ],
    [/\bmot(?: test| certificate| due| expiry| reminder)?\b|\bdvsa\b/g, 3],
    [/\bregistration (?:number|mark)\b/g, 1],
  ],
};

function count(text: string, pattern: RegExp): number {
  let n = 0;
  for (const _ of text.matchAll(pattern)) n++;
  return n;
}

/** Each category's score: each word counted at most three times, so one repeated word cannot dominate. */
export function categoryScores(lines: readonly string[], subject: string | null): Record<Category, number> {
  const body = plain(lines.join('\n'));
  const head = plain(subject ?? '');
  const scores = {} as Record<Category, number>;
  for (const [category, words] of Object.entries(WORDS) as [Category, readonly [RegExp, number][]][]) {
    scores[category] = words.reduce(
      (sum, [re, points]) => sum + points * (Math.min(3, count(body, re)) + 2 * Math.min(1, count(head, re))),
      0,
    );
  }
  return scores;
}

/**
 * The category: the highest score, when it is at least 3 and a third above the next; the provider's
 * one category adds 3 (a provider that sells in several adds nothing).
 */
export function chooseCategory(
  scores: Record<Category, number>,
  providerCategories: readonly Category[],
): Category | null {
  const total = { ...scores };
  if (providerCategories.length === 1) total[providerCategories[0]!] += 3;
  const ranked = (Object.entries(total) as [Category, number][]).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 3) return null;
  if (second && second[1] * 4 > first[1] * 3) {
    // Close: the provider's categories break the tie when only one of the two is among them.
    const among = [first, second].filter(([c]) => providerCategories.includes(c));
    return among.length === 1 ? among[0]![0] : null;
  }
  return first[0];
}

/** The line that names `category` most plainly: the first with one of its strongest words. */
export function categoryLine(lines: readonly string[], category: Category): string | null {
  const words = WORDS[category];
  const best = Math.max(...words.map(([, points]) => points));
  const strong = words.filter(([, points]) => points === best).map(([re]) => new RegExp(re.source));
  return lines.find((line) => strong.some((re) => re.test(plain(line)))) ?? null;
}
