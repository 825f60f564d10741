/**
 * The provider: the letter's sending domain when we know it (mail.aviva.co.uk is Aviva); else the
 * sender's display name when it names a provider we know; else the provider the text names most
 * often, when one is named more than any other; else the display name of a company sender we do not
 * know ('Bark Insurance'), when it is no generic 'Customer Services'. A comparison site, a regulator
 * or an underwriter ('underwritten by U K Insurance Limited') is never the provider.
 */
import type { Category } from '../../../../shared/reminder/categories.ts';
import type { Origin } from '../document.ts';
import { PERSONAL_DOMAINS, PROVIDERS, providerOfAddress, type Provider } from './providers.ts';

export interface ProviderChoice {
  name: string;
  categories: readonly Category[];
  line: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every provider's names in two patterns (names matched in any case, and names matched only in their
 * own capitals), longest first so 'Sky Broadband' is read before 'Sky'; letters and digits may not
 * touch a name on either side. Two scans a line, whatever the size of the dictionary.
 */
function namePattern(names: readonly string[], flags: string): RegExp {
  const sorted = [...names].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![\\p{L}\\p{N}&])(?:${sorted.join('|')})(?![\\p{L}\\p{N}&]|=[^\\s])`, flags);
}
const ANY_CASE = new Map<string, Provider>();
const OWN_CASE = new Map<string, Provider>();
for (const p of PROVIDERS)
  for (const name of p.names ?? [p.name]) {
    if (p.exact) OWN_CASE.set(name, p);
    else ANY_CASE.set(name.toLowerCase(), p);
  }
const PATTERNS: readonly [RegExp, (match: string) => Provider | undefined][] = [
  [namePattern([...ANY_CASE.keys()], 'giu'), (m) => ANY_CASE.get(m.toLowerCase())],
  [namePattern([...OWN_CASE.keys()], 'gu'), (m) => OWN_CASE.get(m)],
];

/** Words before a name that make it the underwriter or a regulator, not the brand. */
const NOT_BRAND =
  /\b(?:underwritten by|insured by|insurer is|insurer:|provided by|regulated by|authorised by|administered by|arranged by|member of|part of)\s*$/i;

const GENERIC_NAME =
  /\b(?:no-?reply|do not reply|donotreply|customer|service|services|support|team|info|notifications?|alerts?|billing|accounts?|admin|hello|mail|mailer|newsletter|renewals?|my|account|bank|insurance)$|^(?:the )?(?:customer|service|support|team|renewals?)\b/i;

/** The known provider a name or a line of text names most, and how many times. */
function named(lines: readonly string[], subjectWeight = 2): [Provider, number, string][] {
  const counts = new Map<Provider, [number, string]>();
  lines.forEach((line, i) => {
    for (const [re, providerOf] of PATTERNS) {
      for (const m of line.matchAll(re)) {
        const provider = providerOf(m[0]);
        if (!provider || provider.notProvider) continue;
        if (NOT_BRAND.test(line.slice(Math.max(0, m.index - 30), m.index))) continue;
        const [n, first] = counts.get(provider) ?? [0, line];
        counts.set(provider, [n + (i === 0 ? subjectWeight : 1), first]);
      }
    }
  });
  return [...counts.entries()]
    .map(([p, [n, line]]) => [p, n, line] as [Provider, number, string])
    .sort((a, b) => b[1] - a[1]);
}

const fromLine = (origin: Origin) =>
  `From: ${origin.name ? `${origin.name} ` : ''}${origin.address ? `<${origin.address}>` : ''}`.trim();

/**
 * `lines[0]` is the subject line when the document has one (`hasSubject`). `ownSender`: the origin is
 * the person who sent the mail to the inbox (nothing was forwarded inside it), so their display name
 * is theirs, not a provider's.
 */
export function chooseProvider(
  lines: readonly string[],
  origin: Origin,
  { hasSubject, ownSender }: { hasSubject: boolean; ownSender: boolean },
): ProviderChoice | null {
  const domain = origin.address?.slice(origin.address.lastIndexOf('@') + 1) ?? null;
  if (origin.address) {
    const known = providerOfAddress(origin.address);
    // From a comparison site or a notice service: the provider is not its sender, and the text
    // names several; only a known sender's display name can still say.
    if (known && !known.notProvider)
      return { name: known.name, categories: known.categories, line: fromLine(origin) };
  }
  if (origin.name && !ownSender) {
    const [top] = named([origin.name]);
    if (top) return { name: top[0].name, categories: top[0].categories, line: fromLine(origin) };
  }
  // A comparison site's mail names every insurer it quotes.
  if (origin.address && providerOfAddress(origin.address)?.comparison) return null;
  const ranked = named(lines, hasSubject ? 2 : 1);
  const [first, second] = ranked;
  if (first && (!second || first[1] > second[1]))
    return { name: first[0].name, categories: first[0].categories, line: first[2] };
  // A company we do not know, by its display name.
  if (
    !ownSender &&
    origin.name &&
    domain &&
    !PERSONAL_DOMAINS.has(domain) &&
    !providerOfAddress(origin.address!)?.notProvider &&
    origin.name.length <= 60 &&
    !GENERIC_NAME.test(origin.name.trim()) &&
    /\p{L}/u.test(origin.name)
  )
    return { name: origin.name.trim(), categories: [], line: fromLine(origin) };
  return null;
}
