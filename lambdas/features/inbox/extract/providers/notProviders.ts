/**
 * What is never the provider: comparison sites, regulators and notice services, whose names and
 * domains are in many letters; and the mail services people write from.
 */
import type { Provider } from './provider.ts';

export const NOT_PROVIDERS: Provider[] = [
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
