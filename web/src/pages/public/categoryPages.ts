/**
 * The five category marketing pages (spec section 2), with the figures of spec section 9 and the lead
 * intervals of shared/categories.ts. Loaded lazily with CategoryPage.
 */
import type { Category } from '#shared/categories.ts';
import type { CategorySlug } from './categoryLinks.ts';

export interface Stat {
  value: string;
  label: string;
}

export interface CategoryPageContent {
  /** The page title and h1. */
  heading: string;
  /** The meta description. */
  description: string;
  intro: string;
  /** The reminder categories whose lead intervals this page quotes. */
  categories: { value: Category; label: string }[];
  stats: Stat[];
  whyTitle: string;
  why: string[];
  tips: string[];
}

export const CATEGORY_CONTENT: Record<CategorySlug, CategoryPageContent> = {
  'car-insurance': {
    heading: 'Car Insurance Renewal Reminders',
    description:
      'Car insurance renewal quotes rise by 27% on average, about £200 a year. Get a reminder 30, 14, 7 and 1 days before your policy renews, and in time for car tax and your MOT.',
    intro:
      'Your insurer sends the renewal quote about three weeks before the policy ends, and if you do nothing it simply renews. We remind you early enough to compare quotes, haggle, or switch.',
    categories: [
      { value: 'insurance', label: 'Car, home and other insurance' },
      { value: 'car_tax_mot', label: 'Car tax and MOT' },
    ],
    stats: [
      { value: '27%', label: 'average rise in a car insurance quote at renewal' },
      { value: '£200', label: 'a year, roughly, that the rise adds to a typical premium' },
    ],
    whyTitle: 'Why the renewal date matters',
    why: [
      'Since January 2022 the FCA has banned insurers from quoting renewing customers more than they would quote a new customer for the same cover through the same channel. That stops the loyalty penalty within one insurer, but it does not make your insurer the cheapest: premiums across the market have risen sharply, and the renewal quote is still only one price of many.',
      'Quotes tend to be cheaper when you buy them a few weeks before the cover starts rather than the day before. A reminder 30 days out gives you that window; the 14, 7 and 1 day reminders catch you if life gets in the way.',
    ],
    tips: [
      'Check last year’s premium on your renewal notice against the new one, and look at what changed: excess, mileage, named drivers, add-ons.',
      'Run a comparison around three to four weeks before renewal, then check two or three insurers that are not on comparison sites.',
      'Ring your current insurer with your best quote and ask them to match it: they often will.',
      'If you pay monthly, compare the APR on the instalments; paying annually is usually cheaper.',
      'If you switch, make sure the old policy is not set to auto-renew, or you may pay twice and need to claim a refund.',
      'Add your car tax and MOT dates too: driving without tax or a valid MOT can mean a fine and void your cover.',
    ],
  },
  'broadband-mobile': {
    heading: 'Broadband & Mobile Renewal Reminders',
    description:
      'Broadband customers who never switch lose around £325 a year. Get a reminder 30, 14, 7 and 1 days before your broadband or mobile contract ends.',
    intro:
      'When a broadband or mobile contract’s minimum term ends, the discount usually ends with it and you move to the provider’s standard price. We tell you when that date is coming so you can renegotiate or switch.',
    categories: [{ value: 'broadband_mobile', label: 'Broadband and mobile contracts' }],
    stats: [
      {
        value: '£325',
        label: 'a year lost by broadband customers who stay out of contract instead of switching',
      },
      { value: '30 days', label: 'our first reminder before your contract ends, with time to compare' },
    ],
    whyTitle: 'Why the end of the contract matters',
    why: [
      'Ofcom requires providers to send you an end-of-contract notice between 10 and 40 days before your minimum term ends, showing the best deals they offer. It is easy to miss in an inbox, and it only shows that one provider’s prices.',
      'Once you are out of contract you can leave without an early termination fee. That is the moment you have the most bargaining power, and the moment most people let pass.',
    ],
    tips: [
      'Note your contract end date the day you sign up, and add it here.',
      'Check what speed you actually use before renewing: many households pay for more than they need.',
      'Broadband switching between most providers is now led by the new provider (One Touch Switch), so you do not have to call the old one first.',
      'For mobile, text INFO to 85075 to get your switching information and contract end date, or PAC to 65075 to keep your number.',
      'If your handset is paid off, a SIM-only deal is often far cheaper than staying on the same airtime plan.',
      'Ask your provider about social tariffs if you receive Universal Credit or other benefits.',
    ],
  },
  energy: {
    heading: 'Energy Renewal Reminders',
    description:
      'When a fixed energy deal ends you can pay £200–£400 more a year, and 75% of UK households overpay by £200–£300. Get a reminder 30, 14, 7 and 1 days before your fixed tariff ends.',
    intro:
      'When a fixed gas and electricity tariff ends, you roll onto your supplier’s standard variable tariff unless you choose a new deal. We remind you before the end date so you can decide in good time.',
    categories: [{ value: 'utilities_energy', label: 'Gas, electricity and other utilities' }],
    stats: [
      { value: '£200–£400', label: 'extra a year when a fixed deal rolls onto a standard tariff' },
      { value: '75%', label: 'of UK households overpay on energy, by £200–£300 a year' },
    ],
    whyTitle: 'Why the end of a fixed deal matters',
    why: [
      'Suppliers must write to you 42 to 49 days before a fixed tariff ends, and you can switch without an exit fee in the last 49 days. After the end date, you pay the standard variable rate, which is capped by Ofgem but is rarely the cheapest option available.',
      'Whether fixing is right for you depends on the prices on offer at the time. A reminder gives you the time to compare fixed and variable tariffs calmly instead of finding out from a higher bill.',
    ],
    tips: [
      'Have your annual usage in kWh to hand (it is on your bill or your supplier’s app): comparisons are only accurate with real usage.',
      'Compare the unit rates and the standing charges, not just the headline estimate.',
      'Check exit fees before fixing, in case prices fall and you want to move again.',
      'Take meter readings on the day you switch so the final bill from your old supplier is right.',
      'Ask your supplier about the Warm Home Discount and any support schemes if money is tight.',
    ],
  },
  subscriptions: {
    heading: 'Subscription Renewal Reminders',
    description:
      'UK households waste about £300 a year on subscriptions: 13 million people spent £688M on accidental subscriptions, and £1.6B goes on ones we no longer want. Get a reminder 14, 7 and 1 days before each renewal.',
    intro:
      'Free trials turn into paid plans, and annual subscriptions renew without much of a warning. We remind you before each renewal so you choose whether to keep paying.',
    categories: [{ value: 'subscriptions', label: 'Streaming, software, apps, memberships' }],
    stats: [
      { value: '£300', label: 'a year wasted per household on subscriptions' },
      { value: '£688M', label: 'spent on accidental subscriptions by 13 million people' },
      { value: '£1.6B', label: 'lost to unwanted subscriptions' },
    ],
    whyTitle: 'Why subscriptions slip through',
    why: [
      'A monthly charge of a few pounds is easy to overlook, and an annual renewal arrives once a year when you have long forgotten the sign-up. Many subscriptions begin as a free trial that needs a card up front.',
      'A reminder two weeks before renewal is enough to check whether you still use it, look for a cheaper plan, or cancel: most services let you cancel at any time and keep access until the end of the period you paid for.',
    ],
    tips: [
      'When you start a free trial, add the day it ends as a reminder straight away.',
      'Go through your bank and card statements once and list every recurring payment.',
      'Check for overlaps: several streaming or cloud storage services doing the same job.',
      'Ask about cheaper annual plans, student, family or ad-supported tiers before you cancel.',
      'If a service makes it hard to cancel, your bank can stop future payments on a continuous payment authority.',
    ],
  },
  mortgages: {
    heading: 'Mortgage Renewal Reminders',
    description:
      'Remortgaging on time typically saves £1,200–£2,500. Get mortgage alerts 90, 60, 30, 14 and 7 days before your fixed or tracker deal ends, and on the day itself.',
    intro:
      'When a fixed or tracker mortgage deal ends, most lenders move you to their standard variable rate, which is usually much higher. We remind you months ahead, so you have time to shop around and lock in a new rate.',
    categories: [{ value: 'mortgage', label: 'Mortgage deals' }],
    stats: [
      { value: '£1,200–£2,500', label: 'a typical yearly saving from remortgaging on time' },
      { value: '90 days', label: 'our first alert before your deal ends, with five more after it' },
    ],
    whyTitle: 'Why you should start early',
    why: [
      'Many lenders let you secure a new deal, with your current lender or a new one, several months before your current deal ends. Starting early means you can lock in a rate and still switch to a better one if rates fall before completion.',
      'A remortgage to a new lender can take several weeks, with a valuation and legal work. Our alerts start 90 days before the end date, then 60, 30, 14 and 7 days before, and on the day, so you never drift onto the standard variable rate by accident.',
    ],
    tips: [
      'Find your deal end date and any early repayment charges in your mortgage offer or annual statement.',
      'Ask your current lender for a product transfer quote: it can be quick, with no new affordability checks.',
      'Compare that with the whole market, directly or through a fee-free or whole-of-market broker.',
      'Look at the total cost over the deal, fees included, not just the headline rate.',
      'Gather the usual paperwork early: payslips, bank statements and proof of identity.',
    ],
  },
};
