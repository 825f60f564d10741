/**
 * UK providers the inbox recognises, by the categories they sell in, with the domains their mail
 * comes from and the names their letters use. A provider found by its sending domain is certain; by
 * name, it is counted against the others named (extract/provider.ts). The mortgage lenders are the
 * reminder dialog's own list (shared/reminder/lenders.ts), with their domains here.
 *
 * `exact`: the name is also an ordinary word or place ('Three', 'Sky', 'Halifax'), so only its exact
 * capitalisation counts, and some ('Three') only in the longer forms given in `names`.
 * Comparison sites, regulators and notice services are listed as `notProvider`: their names and
 * domains are in many letters and must never be taken for the provider.
 */
import type { Category } from '../../../shared/reminder/categories.ts';
import { LENDERS, type Lender } from '../../../shared/reminder/lenders.ts';

export interface Provider {
  name: string;
  categories: readonly Category[];
  domains: readonly string[];
  /** How letters name it (the name itself when absent). */
  names?: readonly string[];
  exact?: boolean;
  notProvider?: boolean;
  /** A comparison or quote site: its mails name many providers, none of them the user's. */
  comparison?: boolean;
}

const ins: Category[] = ['insurance'];
const energy: Category[] = ['utilities_energy'];
const comms: Category[] = ['broadband_mobile'];
const cards: Category[] = ['credit_cards'];
const mortgage: Category[] = ['mortgage'];
const subs: Category[] = ['subscriptions'];
const motoring: Category[] = ['car_tax_mot'];

/** The dialog's lenders, and what else each sells under the same name. */
const LENDER_DETAILS: Record<Exclude<Lender, 'other'>, Omit<Provider, 'name'>> = {
  barclays: { categories: ['mortgage'], domains: ['barclays.co.uk', 'barclays.com'] },
  halifax: { categories: ['mortgage', 'insurance', 'credit_cards'], domains: ['halifax.co.uk'], exact: true },
  hsbc: { categories: ['mortgage', 'insurance', 'credit_cards'], domains: ['hsbc.co.uk', 'hsbc.com'] },
  lloyds: {
    categories: ['mortgage', 'insurance', 'credit_cards'],
    domains: ['lloydsbank.co.uk', 'lloydsbank.com'],
    names: ['Lloyds Bank', 'Lloyds'],
  },
  nationwide: {
    categories: ['mortgage', 'credit_cards', 'insurance'],
    domains: ['nationwide.co.uk'],
    names: ['Nationwide Building Society', 'Nationwide'],
    exact: true,
  },
  natwest: { categories: ['mortgage', 'credit_cards', 'insurance'], domains: ['natwest.com'] },
  santander: { categories: ['mortgage', 'credit_cards', 'insurance'], domains: ['santander.co.uk'] },
};

const LENDER_PROVIDERS: Provider[] = LENDERS.filter((l) => l.value !== 'other').map((l) => ({
  name: l.label,
  ...LENDER_DETAILS[l.value as Exclude<Lender, 'other'>],
}));

const OTHERS: Provider[] = [
  // Insurance: car, home, pet, travel, breakdown.
  { name: 'Admiral', categories: ins, domains: ['admiral.com', 'admiral.co.uk'] },
  { name: 'Direct Line', categories: ins, domains: ['directline.com', 'directline.co.uk'] },
  { name: 'Churchill', categories: ins, domains: ['churchill.com', 'churchill.co.uk'], exact: true },
  { name: 'Aviva', categories: ins, domains: ['aviva.co.uk', 'aviva.com'] },
  { name: 'AXA', categories: ins, domains: ['axa.co.uk', 'axa-insurance.co.uk'], exact: true },
  {
    name: 'LV=',
    categories: ins,
    domains: ['lv.com'],
    names: ['LV=', 'Liverpool Victoria', 'LV= Insurance'],
  },
  { name: 'Hastings Direct', categories: ins, domains: ['hastingsdirect.com'] },
  { name: 'esure', categories: ins, domains: ['esure.com'] },
  {
    name: "Sheilas' Wheels",
    categories: ins,
    domains: ['sheilaswheels.com'],
    names: ["Sheilas' Wheels", 'Sheilas Wheels'],
  },
  { name: 'Privilege', categories: ins, domains: ['privilege.com'], names: ['Privilege Insurance'] },
  { name: 'Saga', categories: ins, domains: ['saga.co.uk'], exact: true },
  { name: 'RAC', categories: ins, domains: ['rac.co.uk'], exact: true },
  {
    name: 'The AA',
    categories: ins,
    domains: ['theaa.com', 'aa.com'],
    names: ['The AA', 'AA Insurance', 'AA Breakdown', 'AA Membership'],
    exact: true,
  },
  { name: 'Green Flag', categories: ins, domains: ['greenflag.com'] },
  { name: 'NFU Mutual', categories: ins, domains: ['nfumutual.co.uk'] },
  {
    name: 'Zurich',
    categories: ins,
    domains: ['zurich.co.uk'],
    names: ['Zurich Insurance', 'Zurich'],
    exact: true,
  },
  { name: 'Allianz', categories: ins, domains: ['allianz.co.uk'] },
  { name: 'Ageas', categories: ins, domains: ['ageas.co.uk'] },
  { name: 'Swinton', categories: ins, domains: ['swinton.co.uk'], exact: true },
  {
    name: 'Elephant',
    categories: ins,
    domains: ['elephant.co.uk'],
    names: ['Elephant.co.uk', 'Elephant Insurance'],
  },
  {
    name: 'Diamond',
    categories: ins,
    domains: ['diamond.co.uk'],
    names: ['Diamond Insurance', 'Diamond.co.uk'],
  },
  { name: '1st Central', categories: ins, domains: ['1stcentralinsurance.com', '1stcentral.co.uk'] },
  { name: 'Marshmallow', categories: ins, domains: ['marshmallow.com'], exact: true },
  { name: 'By Miles', categories: ins, domains: ['bymiles.co.uk'] },
  { name: 'Co-op Insurance', categories: ins, domains: ['co-opinsurance.co.uk'] },
  { name: 'Policy Expert', categories: ins, domains: ['policyexpert.co.uk'] },
  { name: 'Quote Me Happy', categories: ins, domains: ['quotemehappy.com'] },
  { name: 'Hiscox', categories: ins, domains: ['hiscox.co.uk'] },
  { name: 'Endsleigh', categories: ins, domains: ['endsleigh.co.uk'] },
  {
    name: 'Legal & General',
    categories: ins,
    domains: ['legalandgeneral.com'],
    names: ['Legal & General', 'Legal and General'],
  },
  { name: 'Vitality', categories: ins, domains: ['vitality.co.uk'], exact: true },
  { name: 'Bupa', categories: ins, domains: ['bupa.co.uk'] },
  { name: 'Petplan', categories: ins, domains: ['petplan.co.uk'] },
  {
    name: 'ManyPets',
    categories: ins,
    domains: ['manypets.com', 'boughtbymany.com'],
    names: ['ManyPets', 'Many Pets', 'Bought By Many'],
  },
  { name: 'Animal Friends', categories: ins, domains: ['animalfriends.co.uk'] },
  { name: 'Agria', categories: ins, domains: ['agriapet.co.uk'], names: ['Agria Pet Insurance', 'Agria'] },
  { name: 'Staysure', categories: ins, domains: ['staysure.co.uk'] },
  {
    name: 'John Lewis Insurance',
    categories: ins,
    domains: ['johnlewisfinance.com'],
    names: ['John Lewis Insurance', 'John Lewis Finance'],
  },
  {
    name: 'Tesco Bank',
    categories: ['insurance', 'credit_cards'],
    domains: ['tescobank.com', 'tescoinsurance.com'],
    names: ['Tesco Bank', 'Tesco Insurance'],
  },
  {
    name: "Sainsbury's Bank",
    categories: ['insurance', 'credit_cards'],
    domains: ['sainsburysbank.co.uk'],
    names: ["Sainsbury's Bank", 'Sainsburys Bank'],
  },
  {
    name: 'M&S Bank',
    categories: ['insurance', 'credit_cards'],
    domains: ['bank.marksandspencer.com', 'mandsbank.com'],
    names: ['M&S Bank', 'M&S Insurance'],
  },
  {
    name: 'Post Office',
    categories: ['insurance', 'broadband_mobile', 'credit_cards'],
    domains: ['postoffice.co.uk'],
    names: ['Post Office'],
    exact: true,
  },

  // Energy and water.
  {
    name: 'Octopus Energy',
    categories: energy,
    domains: ['octopus.energy', 'octopusenergy.com'],
    names: ['Octopus Energy', 'Octopus'],
    exact: true,
  },
  { name: 'British Gas', categories: energy, domains: ['britishgas.co.uk'] },
  {
    name: 'EDF',
    categories: energy,
    domains: ['edfenergy.com', 'edf.co.uk'],
    names: ['EDF Energy', 'EDF'],
    exact: true,
  },
  {
    name: 'E.ON Next',
    categories: energy,
    domains: ['eonnext.com', 'eonenergy.com', 'eon.co.uk'],
    names: ['E.ON Next', 'E.ON', 'EON Next'],
  },
  {
    name: 'OVO',
    categories: energy,
    domains: ['ovoenergy.com', 'ovo.com'],
    names: ['OVO Energy', 'OVO'],
    exact: true,
  },
  {
    name: 'ScottishPower',
    categories: energy,
    domains: ['scottishpower.co.uk', 'scottishpower.com'],
    names: ['ScottishPower', 'Scottish Power'],
  },
  { name: 'So Energy', categories: energy, domains: ['so.energy'] },
  { name: 'Outfox the Market', categories: energy, domains: ['outfoxthemarket.co.uk'] },
  { name: 'Good Energy', categories: energy, domains: ['goodenergy.co.uk'] },
  { name: 'Ecotricity', categories: energy, domains: ['ecotricity.co.uk'] },
  { name: 'Utilita', categories: energy, domains: ['utilita.co.uk'] },
  { name: 'Co-op Energy', categories: energy, domains: ['coopenergy.co.uk'] },
  { name: 'Fuse Energy', categories: energy, domains: ['fuseenergy.com'] },
  { name: 'Rebel Energy', categories: energy, domains: ['rebelenergy.com'] },
  { name: 'Boost', categories: energy, domains: ['boostpower.co.uk'], names: ['Boost Power'] },
  {
    name: 'Sainsbury’s Energy',
    categories: energy,
    domains: ['sainsburysenergy.com'],
    names: ["Sainsbury's Energy", 'Sainsbury’s Energy'],
  },
  {
    name: 'Utility Warehouse',
    categories: ['utilities_energy', 'broadband_mobile'],
    domains: ['uw.co.uk', 'utilitywarehouse.co.uk'],
  },
  { name: 'Thames Water', categories: energy, domains: ['thameswater.co.uk'] },

  // Broadband, TV and mobile.
  { name: 'BT', categories: comms, domains: ['bt.com'], names: ['BT'], exact: true },
  { name: 'EE', categories: comms, domains: ['ee.co.uk'], names: ['EE'], exact: true },
  {
    name: 'Sky',
    categories: ['broadband_mobile', 'subscriptions'],
    domains: ['sky.com', 'sky.uk'],
    names: ['Sky Broadband', 'Sky Mobile', 'Sky TV', 'Sky'],
    exact: true,
  },
  {
    name: 'Virgin Media',
    categories: comms,
    domains: ['virginmedia.com', 'virginmedia.co.uk', 'virginmediao2.co.uk'],
  },
  { name: 'O2', categories: comms, domains: ['o2.co.uk'], names: ['O2'], exact: true },
  { name: 'Vodafone', categories: comms, domains: ['vodafone.co.uk', 'vodafone.com'] },
  {
    name: 'Three',
    categories: comms,
    domains: ['three.co.uk'],
    names: ['Three UK', 'Three Mobile', 'Three Broadband'],
    exact: true,
  },
  { name: 'TalkTalk', categories: comms, domains: ['talktalk.co.uk', 'talktalk.net'] },
  { name: 'Plusnet', categories: comms, domains: ['plus.net', 'plusnet.com'] },
  { name: 'Hyperoptic', categories: comms, domains: ['hyperoptic.com'] },
  { name: 'Community Fibre', categories: comms, domains: ['communityfibre.co.uk'] },
  { name: 'giffgaff', categories: comms, domains: ['giffgaff.com'] },
  { name: 'Tesco Mobile', categories: comms, domains: ['tescomobile.com'] },
  { name: 'iD Mobile', categories: comms, domains: ['idmobile.co.uk'] },
  { name: 'Lebara', categories: comms, domains: ['lebara.co.uk'] },
  { name: 'Lyca Mobile', categories: comms, domains: ['lycamobile.co.uk'] },
  {
    name: 'SMARTY',
    categories: comms,
    domains: ['smarty.co.uk'],
    names: ['SMARTY', 'Smarty Mobile'],
    exact: true,
  },
  { name: 'VOXI', categories: comms, domains: ['voxi.co.uk'], exact: true },
  { name: 'Zen Internet', categories: comms, domains: ['zen.co.uk'], names: ['Zen Internet'] },
  { name: 'Shell Energy Broadband', categories: comms, domains: ['shellenergy.co.uk'] },
  { name: 'NOW Broadband', categories: comms, domains: [], names: ['NOW Broadband'] },
  {
    name: 'Cuckoo',
    categories: comms,
    domains: ['cuckoo.co'],
    names: ['Cuckoo Broadband', 'Cuckoo'],
    exact: true,
  },
  { name: 'YouFibre', categories: comms, domains: ['youfibre.com'] },
  { name: 'Gigaclear', categories: comms, domains: ['gigaclear.com'] },

  // Credit cards.
  { name: 'Barclaycard', categories: cards, domains: ['barclaycard.co.uk'] },
  {
    name: 'American Express',
    categories: cards,
    domains: ['americanexpress.com', 'aexp.com', 'welcome.americanexpress.com'],
    names: ['American Express', 'Amex'],
  },
  { name: 'MBNA', categories: cards, domains: ['mbna.co.uk'] },
  { name: 'Capital One', categories: cards, domains: ['capitalone.co.uk'] },
  {
    name: 'Virgin Money',
    categories: ['credit_cards', 'mortgage'],
    domains: ['virginmoney.com', 'virginmoney.co.uk'],
  },
  { name: 'Aqua', categories: cards, domains: ['aquacard.co.uk'], names: ['Aqua Card', 'Aqua'], exact: true },
  { name: 'Vanquis', categories: cards, domains: ['vanquis.co.uk'] },
  { name: 'Zopa', categories: cards, domains: ['zopa.com'] },
  {
    name: 'John Lewis Partnership Card',
    categories: cards,
    domains: [],
    names: ['John Lewis Partnership Card'],
  },

  // Mortgages, beyond the dialog's list.
  {
    name: 'Coventry Building Society',
    categories: mortgage,
    domains: ['coventrybuildingsociety.co.uk', 'thecoventry.co.uk'],
  },
  {
    name: 'Yorkshire Building Society',
    categories: mortgage,
    domains: ['ybs.co.uk'],
    names: ['Yorkshire Building Society', 'YBS'],
  },
  {
    name: 'Skipton Building Society',
    categories: mortgage,
    domains: ['skipton.co.uk'],
    names: ['Skipton Building Society', 'Skipton'],
  },
  { name: 'Leeds Building Society', categories: mortgage, domains: ['leedsbuildingsociety.co.uk'] },
  { name: 'TSB', categories: mortgage, domains: ['tsb.co.uk'], exact: true },
  { name: 'Accord Mortgages', categories: mortgage, domains: ['accordmortgages.com'] },
  { name: 'Metro Bank', categories: mortgage, domains: ['metrobankonline.co.uk'] },
  {
    name: 'The Co-operative Bank',
    categories: mortgage,
    domains: ['co-operativebank.co.uk'],
    names: ['The Co-operative Bank', 'Co-operative Bank'],
  },
  { name: 'first direct', categories: mortgage, domains: ['firstdirect.com'] },
  { name: 'Principality Building Society', categories: mortgage, domains: ['principality.co.uk'] },
  { name: 'Kensington Mortgages', categories: mortgage, domains: ['kensingtonmortgages.co.uk'] },
  { name: 'Clydesdale Bank', categories: mortgage, domains: ['cbonline.co.uk'] },
  { name: 'Platform', categories: mortgage, domains: ['platform.co.uk'], names: ['Platform Mortgages'] },

  // Subscriptions.
  { name: 'Netflix', categories: subs, domains: ['netflix.com', 'mailer.netflix.com'] },
  {
    name: 'Amazon Prime',
    categories: subs,
    domains: ['amazon.co.uk', 'amazon.com'],
    names: ['Amazon Prime', 'Prime Video', 'Amazon'],
  },
  { name: 'Spotify', categories: subs, domains: ['spotify.com'] },
  { name: 'Disney+', categories: subs, domains: ['disneyplus.com'], names: ['Disney+', 'Disney Plus'] },
  {
    name: 'Apple',
    categories: subs,
    domains: ['apple.com', 'email.apple.com', 'itunes.com'],
    names: ['Apple One', 'Apple Music', 'iCloud+', 'Apple TV+', 'Apple'],
    exact: true,
  },
  {
    name: 'YouTube Premium',
    categories: subs,
    domains: ['youtube.com'],
    names: ['YouTube Premium', 'YouTube Music'],
  },
  { name: 'Google One', categories: subs, domains: [], names: ['Google One'] },
  {
    name: 'NOW',
    categories: subs,
    domains: ['nowtv.com', 'now.com'],
    names: ['NOW Entertainment', 'NOW Cinema', 'NOW Sports', 'NOW TV'],
    exact: true,
  },
  { name: 'Audible', categories: subs, domains: ['audible.co.uk'] },
  { name: 'Xbox Game Pass', categories: subs, domains: ['xbox.com'], names: ['Xbox Game Pass', 'Game Pass'] },
  {
    name: 'PlayStation Plus',
    categories: subs,
    domains: ['playstation.com'],
    names: ['PlayStation Plus', 'PS Plus'],
  },
  { name: 'Microsoft 365', categories: subs, domains: ['microsoft.com'], names: ['Microsoft 365'] },
  { name: 'Adobe', categories: subs, domains: ['adobe.com'], names: ['Adobe Creative Cloud', 'Adobe'] },
  { name: 'Dropbox', categories: subs, domains: ['dropbox.com'] },
  { name: 'Norton', categories: subs, domains: ['norton.com'], names: ['Norton 360', 'Norton'], exact: true },
  { name: 'McAfee', categories: subs, domains: ['mcafee.com'] },
  { name: 'PureGym', categories: subs, domains: ['puregym.com'] },
  { name: 'The Gym Group', categories: subs, domains: ['thegymgroup.com'] },
  {
    name: 'David Lloyd',
    categories: subs,
    domains: ['davidlloyd.co.uk'],
    names: ['David Lloyd Clubs', 'David Lloyd'],
  },
  { name: 'Nuffield Health', categories: subs, domains: ['nuffieldhealth.com'] },
  { name: 'Which?', categories: subs, domains: ['which.co.uk'], names: ['Which?'], exact: true },
  { name: 'The Times', categories: subs, domains: ['thetimes.co.uk', 'news.co.uk'], exact: true },
  { name: 'The Guardian', categories: subs, domains: ['theguardian.com', 'guardian.co.uk'], exact: true },
  { name: 'The Economist', categories: subs, domains: ['economist.com'], exact: true },
  { name: 'The Telegraph', categories: subs, domains: ['telegraph.co.uk'], exact: true },
  { name: 'National Trust', categories: subs, domains: ['nationaltrust.org.uk'] },
  { name: 'English Heritage', categories: subs, domains: ['english-heritage.org.uk'] },
  {
    name: 'TV Licensing',
    categories: subs,
    domains: ['tvlicensing.co.uk'],
    names: ['TV Licensing', 'TV Licence'],
  },
  { name: 'HelloFresh', categories: subs, domains: ['hellofresh.co.uk'] },
  { name: 'Gousto', categories: subs, domains: ['gousto.co.uk'] },
  {
    name: 'Paramount+',
    categories: subs,
    domains: ['paramountplus.com'],
    names: ['Paramount+', 'Paramount Plus'],
  },
  {
    name: 'discovery+',
    categories: subs,
    domains: ['discoveryplus.com'],
    names: ['discovery+', 'Discovery Plus'],
  },
  { name: 'BritBox', categories: subs, domains: ['britbox.co.uk'] },
  { name: 'ITVX Premium', categories: subs, domains: ['itv.com'], names: ['ITVX Premium', 'ITVX'] },
  { name: 'DAZN', categories: subs, domains: ['dazn.com'], exact: true },
  { name: 'Duolingo', categories: subs, domains: ['duolingo.com'] },
  { name: 'Headspace', categories: subs, domains: ['headspace.com'] },
  { name: 'Strava', categories: subs, domains: ['strava.com'] },
  { name: 'Nintendo Switch Online', categories: subs, domains: ['nintendo.com', 'nintendo.co.uk'] },
  { name: 'Canva', categories: subs, domains: ['canva.com'] },
  { name: 'LinkedIn Premium', categories: subs, domains: ['linkedin.com'] },
  { name: 'Patreon', categories: subs, domains: ['patreon.com'] },

  // Vehicle tax and MOT: the DVLA and DVSA, and the garages that send MOT reminders.
  { name: 'DVLA', categories: motoring, domains: ['dvla.gov.uk'], exact: true },
  {
    name: 'DVSA',
    categories: motoring,
    domains: ['dvsa.gov.uk'],
    names: ['DVSA', 'MOT reminder service'],
    exact: true,
  },
  {
    name: 'Halfords',
    categories: motoring,
    domains: ['halfords.com', 'halfordsautocentres.com'],
    names: ['Halfords Autocentres', 'Halfords'],
  },
  { name: 'Kwik Fit', categories: motoring, domains: ['kwik-fit.com'], names: ['Kwik Fit', 'Kwik-Fit'] },
  {
    name: 'National Tyres',
    categories: motoring,
    domains: ['national.co.uk'],
    names: ['National Tyres and Autocare', 'National Tyres'],
  },
  { name: 'ATS Euromaster', categories: motoring, domains: ['atseuromaster.co.uk'] },

  // Never the provider.
  {
    name: 'Compare the Market',
    categories: [],
    domains: ['comparethemarket.com'],
    names: ['Compare the Market', 'comparethemarket.com', 'comparethemarket'],
    notProvider: true,
    comparison: true,
  },
  {
    name: 'GoCompare',
    categories: [],
    domains: ['gocompare.com'],
    names: ['GoCompare', 'Go.Compare'],
    notProvider: true,
    comparison: true,
  },
  {
    name: 'MoneySuperMarket',
    categories: [],
    domains: ['moneysupermarket.com'],
    notProvider: true,
    comparison: true,
  },
  { name: 'Confused.com', categories: [], domains: ['confused.com'], notProvider: true, comparison: true },
  { name: 'Uswitch', categories: [], domains: ['uswitch.com'], notProvider: true, comparison: true },
  { name: 'QuoteZone', categories: [], domains: ['quotezone.co.uk'], notProvider: true, comparison: true },
  {
    name: 'MoneySavingExpert',
    categories: [],
    domains: ['moneysavingexpert.com'],
    names: ['MoneySavingExpert', 'Money Saving Expert'],
    notProvider: true,
  },
  { name: 'Ofcom', categories: [], domains: ['ofcom.org.uk'], notProvider: true },
  { name: 'Ofgem', categories: [], domains: ['ofgem.gov.uk'], notProvider: true },
  {
    name: 'Financial Conduct Authority',
    categories: [],
    domains: ['fca.org.uk'],
    names: ['Financial Conduct Authority', 'FCA'],
    notProvider: true,
    exact: true,
  },
  {
    name: 'Financial Ombudsman Service',
    categories: [],
    domains: ['financial-ombudsman.org.uk'],
    names: ['Financial Ombudsman Service', 'Financial Ombudsman'],
    notProvider: true,
  },
  { name: 'Citizens Advice', categories: [], domains: ['citizensadvice.org.uk'], notProvider: true },
  { name: 'Energy Ombudsman', categories: [], domains: ['energyombudsman.org'], notProvider: true },
  {
    name: 'GOV.UK Notify',
    categories: [],
    domains: ['notifications.service.gov.uk', 'gov.uk'],
    names: ['GOV.UK'],
    notProvider: true,
  },
];

export const PROVIDERS: readonly Provider[] = [...LENDER_PROVIDERS, ...OTHERS];

/**
 * Mail services people write from: a sender there is a person (a partner forwarding a letter), so
 * neither the domain nor the display name says who the provider is.
 */
export const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aol.co.uk',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'talktalk.net',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'gmx.co.uk',
  'mail.com',
  'zoho.com',
  'fastmail.com',
  'tiscali.co.uk',
  'ntlworld.com',
  'blueyonder.co.uk',
]);

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
