/**
 * The dialog's mortgage lenders (shared/reminder/lenders.ts) with their domains, then the card
 * issuers and the other lenders.
 */
import { LENDERS, type Lender } from '../../../../../shared/reminder/lenders.ts';
import { cards, mortgage, type Provider } from './provider.ts';

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

export const LENDER_PROVIDERS: Provider[] = LENDERS.filter((l) => l.value !== 'other').map((l) => ({
  name: l.label,
  ...LENDER_DETAILS[l.value as Exclude<Lender, 'other'>],
}));

export const FINANCE_PROVIDERS: Provider[] = [
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
];
