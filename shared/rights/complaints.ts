/**
 * What to do when a provider did not send the notice it must (reminder/noticeWatch.ts): complain to
 * the provider in writing first and give it the weeks its regulator allows, then take it to the
 * independent scheme the regulator names, free of charge. Per category with a notice rule, each
 * scheme with its official address and the page the rule comes from; docs/uk-renewal-rules.md says
 * what was read for each and when. Pure data and words.
 */
import type { Category } from '../reminder/categories.ts';

export interface Scheme {
  name: string;
  url: string;
}

export interface ComplaintRoute {
  /** Weeks the provider has to answer a complaint before it can go to the scheme. */
  weeks: number;
  /** The independent schemes (telecoms has two: each provider belongs to one). */
  schemes: readonly Scheme[];
  /** Where the weeks and the schemes come from. */
  source: Scheme;
  /** When it was last checked against its source, YYYY-MM-DD. */
  reviewed: string;
}

const REVIEWED = '2026-11-29';

export const COMPLAINT_ROUTES: Partial<Record<Category, ComplaintRoute>> = {
  // Ofcom cut the wait from eight weeks to six from 8 April 2026.
  broadband_mobile: {
    weeks: 6,
    schemes: [
      { name: 'the Communications Ombudsman', url: 'https://www.commsombudsman.org/' },
      { name: 'CISAS', url: 'https://www.cedr.com/consumer/cisas/' },
    ],
    source: {
      name: 'Ofcom: Alternative Dispute Resolution schemes',
      url: 'https://www.ofcom.org.uk/phones-and-broadband/service-quality/adr-schemes',
    },
    reviewed: REVIEWED,
  },
  utilities_energy: {
    weeks: 8,
    schemes: [{ name: 'the Energy Ombudsman', url: 'https://www.energyombudsman.org/' }],
    source: { name: 'Energy Ombudsman: FAQs', url: 'https://www.energyombudsman.org/faqs' },
    reviewed: REVIEWED,
  },
  insurance: {
    weeks: 8,
    schemes: [
      {
        name: 'the Financial Ombudsman Service',
        url: 'https://www.financial-ombudsman.org.uk/consumers/how-to-complain',
      },
    ],
    source: {
      name: 'Financial Ombudsman Service: how to complain',
      url: 'https://www.financial-ombudsman.org.uk/consumers/how-to-complain',
    },
    reviewed: REVIEWED,
  },
};

/** The route of a reminder's category; undefined for a category with no notice rule. */
export const complaintRouteOf = (category: string): ComplaintRoute | undefined =>
  (COMPLAINT_ROUTES as Record<string, ComplaintRoute | undefined>)[category];

/** The first step, said for the provider: 'Complain to BT in writing …'. */
export const providerStep = (provider: string, route: ComplaintRoute): string =>
  `Complain to ${provider} in writing: say the notice never came, and keep a copy. Give them ${route.weeks} weeks to answer.`;

/** The second step's lead-in, before the schemes' links. */
export const schemeStep = (route: ComplaintRoute): string =>
  route.schemes.length > 1
    ? `No answer in ${route.weeks} weeks, or not one you accept? Take it, free, to the scheme your provider belongs to (its letters and website name it):`
    : `No answer in ${route.weeks} weeks, or not one you accept? Take it, free, to:`;
