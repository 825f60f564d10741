/**
 * UK providers the inbox recognises, by the categories they sell in, with the domains their mail
 * comes from and the names their letters use. A provider found by its sending domain is certain; by
 * name, it is counted against the others named (extract/provider.ts). The mortgage lenders are the
 * reminder dialog's own list (shared/reminder/lenders.ts), with their domains in providers/finance.ts.
 *
 * `exact`: the name is also an ordinary word or place ('Three', 'Sky', 'Halifax'), so only its exact
 * capitalisation counts, and some ('Three') only in the longer forms given in `names`.
 * Comparison sites, regulators and notice services are listed as `notProvider`: their names and
 * domains are in many letters and must never be taken for the provider.
 */
import { FINANCE_PROVIDERS, LENDER_PROVIDERS } from './providers/finance.ts';
import { HOUSEHOLD_PROVIDERS } from './providers/household.ts';
import { NOT_PROVIDERS, PERSONAL_DOMAINS } from './providers/notProviders.ts';
import type { Provider } from './providers/provider.ts';
import { SUBSCRIPTION_AND_MOTORING_PROVIDERS } from './providers/subscriptions.ts';

export { PERSONAL_DOMAINS } from './providers/notProviders.ts';
export type { Provider } from './providers/provider.ts';

/** Every provider, the dialog's lenders first (the order breaks a tie between equal domains). */
export const PROVIDERS: readonly Provider[] = [
  ...LENDER_PROVIDERS,
  ...HOUSEHOLD_PROVIDERS,
  ...FINANCE_PROVIDERS,
  ...SUBSCRIPTION_AND_MOTORING_PROVIDERS,
  ...NOT_PROVIDERS,
];

/** The provider a mail address belongs to: its domain or a subdomain of it (mail.aviva.co.uk). */
export function providerOfAddress(address: string): Provider | null {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (PERSONAL_DOMAINS.has(domain)) return null;
  let best: Provider | null = null;
  let bestLength = 0;
  for (const provider of PROVIDERS) {
    for (const d of provider.domains) {
      if ((domain === d || domain.endsWith(`.${d}`)) && d.length > bestLength) {
        best = provider;
        bestLength = d.length;
      }
    }
  }
  return best;
}
