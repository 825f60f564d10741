/**
 * UK mortgage lenders and how far ahead each lets an existing borrower lock in a new deal (a product
 * transfer), with the month the figure was reported. The reminder dialog's 'Lender' select is this
 * closed list; the mortgage's action window counts back from its renewal by `monthsAhead`. Sources
 * and the date they were checked are in docs/uk-renewal-rules.md: update both together.
 */
export const LENDERS = [
  { value: 'barclays', label: 'Barclays', monthsAhead: 3, asOf: '2024-09' },
  { value: 'halifax', label: 'Halifax', monthsAhead: 4, asOf: '2024-09' },
  { value: 'hsbc', label: 'HSBC', monthsAhead: 6, asOf: '2024-12' },
  { value: 'lloyds', label: 'Lloyds Bank', monthsAhead: 4, asOf: '2024-09' },
  { value: 'nationwide', label: 'Nationwide', monthsAhead: 4, asOf: '2024-05' },
  { value: 'natwest', label: 'NatWest', monthsAhead: 4, asOf: '2024-12' },
  { value: 'santander', label: 'Santander', monthsAhead: 4, asOf: '2024-06' },
  // Not listed, or moving to a new lender: a mortgage offer usually lasts six months, and six months
  // was the Mortgage Charter's window (June 2023).
  { value: 'other', label: 'Another lender', monthsAhead: 6, asOf: '2023-06' },
] as const;

export type Lender = (typeof LENDERS)[number]['value'];

/** A lender as a file may name it: its value or its label, in any case; null when not listed. */
export function lenderNamed(text: string): Lender | null {
  const wanted = text.trim().toLowerCase();
  return LENDERS.find((l) => l.value === wanted || l.label.toLowerCase() === wanted)?.value ?? null;
}
export const LENDER_VALUES = LENDERS.map((l) => l.value) as [Lender, ...Lender[]];
export const OTHER_LENDER: Lender = 'other';

/** The lender's entry; a mortgage with no lender chosen counts as 'Another lender'. */
export function lenderOf(value: Lender | null | undefined): (typeof LENDERS)[number] {
  return LENDERS.find((l) => l.value === (value ?? OTHER_LENDER)) ?? LENDERS[LENDERS.length - 1]!;
}

/** The name a lender gives the 'Provider' field: '' for none chosen and for 'Another lender'. */
const providerNameOf = (lender: Lender | '') =>
  lender === '' || lender === OTHER_LENDER ? '' : lenderOf(lender).label;

/**
 * The provider once the user picks lender `to` instead of `from`: the new lender's name when the
 * field is empty or still holds the name `from` gave it; anything else is the user's own, and stays.
 */
export function providerForLender(provider: string, from: Lender | '', to: Lender | ''): string {
  const typed = provider.trim();
  return typed === '' || typed === providerNameOf(from) ? providerNameOf(to) : provider;
}
