/** The five category marketing pages (spec section 2); figures from spec section 9. */
export interface CategoryPageContent {
  path: string;
  name: string;
  heading: string;
  intro: string;
  stat: string;
  statLabel: string;
  points: string[];
}

export const CATEGORY_PAGES: CategoryPageContent[] = [
  {
    path: '/car-insurance',
    name: 'Car Insurance',
    heading: 'Car Insurance Renewal Reminders',
    intro:
      'Auto-renewing your car insurance is rarely the best deal. Get a reminder in time to compare quotes.',
    stat: '27%',
    statLabel: 'average rise at renewal, about £200 a year',
    points: [
      'Reminders 30, 14, 7 and 1 days before your policy renews',
      'Time to compare quotes before the renewal price kicks in',
      'Car tax and MOT dates tracked alongside',
    ],
  },
  {
    path: '/broadband-mobile',
    name: 'Broadband & Mobile',
    heading: 'Broadband & Mobile Renewal Reminders',
    intro: 'When your contract ends, prices often jump. Know exactly when you are free to switch.',
    stat: '£325',
    statLabel: 'a year lost by broadband customers who do not switch',
    points: [
      'Reminders before your minimum term ends',
      'Negotiate or switch while you still have the upper hand',
      'Keep every contract date in one place',
    ],
  },
  {
    path: '/energy',
    name: 'Energy',
    heading: 'Energy Renewal Reminders',
    intro:
      'Fixed deals end quietly, and standard variable tariffs cost more. Get reminded before yours runs out.',
    stat: '£200–£400',
    statLabel: 'extra a year when a fixed deal rolls onto a standard tariff',
    points: [
      '75% of UK households overpay on energy by £200–£300',
      'Reminders 30, 14, 7 and 1 days before your deal ends',
      'Time to compare tariffs calmly, not at the last minute',
    ],
  },
  {
    path: '/subscriptions',
    name: 'Subscriptions',
    heading: 'Subscription Renewal Reminders',
    intro: 'Free trials and annual plans renew automatically. Decide before you are charged, not after.',
    stat: '£300',
    statLabel: 'a year wasted per household on unwanted subscriptions',
    points: [
      '£688M spent on accidental subscriptions by 13 million people',
      'Reminders 14, 7 and 1 days before each renewal',
      'Cancel what you no longer use in good time',
    ],
  },
  {
    path: '/mortgages',
    name: 'Mortgages',
    heading: 'Mortgage Renewal Reminders',
    intro: 'When a fixed rate ends you move to your lender’s standard rate. Start remortgaging in good time.',
    stat: '£1,200–£2,500',
    statLabel: 'typical saving from remortgaging on time',
    points: [
      'Alerts at 6, 3 and 1 months before your deal ends',
      'Time to speak to a broker and lock in a new rate',
      'Never drift onto a standard variable rate',
    ],
  },
];
