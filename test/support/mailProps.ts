/**
 * Generated mail props for the compiled-mail tests (test/unit/mail-compile.test.ts), biased towards
 * the pieces that stress escaping, html-to-text's whitespace and casing, UTF-16 and the fill's tokens.
 */
import fc from 'fast-check';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { actionWindows } from '../../shared/reminder/windows.ts';
import type { ConfirmSignUpProps } from '../../lambdas/mail/confirmSignUp.ts';
import type { DigestItem } from '../../lambdas/mail/digest.ts';
import type { ReminderMailProps } from '../../lambdas/mail/reminder.ts';
import type { ResetPasswordProps } from '../../lambdas/mail/resetPassword.ts';
import type { SavingsFollowUpProps } from '../../lambdas/mail/savingsFollowUp.ts';
import type { WelcomeProps } from '../../lambdas/mail/welcome.ts';

/** Pieces that stress escaping, html-to-text's whitespace and casing, UTF-16 and the tokens themselves. */
export const hostile = fc.constantFrom(
  '<',
  '>',
  '&',
  '"',
  "'",
  '&amp;',
  '"><script>',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  '\f',
  '\u200b',
  '\u00a0',
  '\u0000',
  '\u000b',
  'ß',
  'ﬁ',
  'İ',
  'ŉ',
  'σς',
  '😀',
  '👩‍👩‍👧',
  '\ud800',
  '\udc00',
  'qzv0vzq',
  'QZV1VZQ',
  'qzv99__vzq',
  '£',
  'Home',
);
export const chunk = fc.oneof(
  hostile,
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);
export const text = fc.oneof(
  { weight: 6, arbitrary: fc.array(chunk, { maxLength: 10 }).map((parts) => parts.join('')) },
  // Long enough to reach Preview's 150 characters, with surrogate pairs where it cuts.
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 }) },
  { weight: 1, arbitrary: fc.constant('') },
);
export const url = fc
  .tuple(fc.constantFrom('https://', 'http://', 'HTTPS://'), text)
  .map(([scheme, rest]) => scheme + rest);
export const amount = fc.oneof(
  fc.constant(null),
  fc.constant(0),
  fc.integer({ min: 0, max: 1_000_000_000 }),
  fc.double({ min: 0, max: 1e15, noNaN: true }),
  fc.constantFrom(0.005, 1e21),
);
export const daysLeft = fc.oneof(
  fc.constantFrom(0, 1),
  fc.integer({ min: 2, max: 400 }),
  fc.integer({ min: -30, max: -1 }),
);
export const renewalDate = fc.oneof(
  fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constant('not a date'),
);
/** Membership ids of a household: the recipient's, another member's, and one that left. */
const membership = fc.constantFrom('m-you', 'm-other', 'former', 'm-gone');
export const reminder = fc.record(
  {
    id: fc.uuid(),
    title: text,
    provider: text,
    category: fc.constantFrom(...CATEGORY_VALUES),
    renewal_date: renewalDate,
    amount,
    // The contract's terms: an act-by date, last term's price, auto-renewal, each there or not.
    act_by: fc.option(renewalDate),
    last_term_amount: amount,
    auto_renew: fc.boolean(),
    billing: fc.constantFrom('monthly' as const, 'yearly' as const, 'none' as const),
    // A shared reminder's people, by membership id.
    shared: fc.boolean(),
    created_by: fc.option(membership),
    updated_by: fc.option(membership),
    deals_with: fc.option(membership),
  },
  { requiredKeys: ['id', 'title', 'provider', 'category', 'renewal_date', 'amount'] },
);
/** The recipient as a member, with the first names of the household (hostile ones too). */
export const member = fc.option(
  fc.record({
    membershipId: fc.constant('m-you'),
    names: fc.record({ 'm-you': text, 'm-other': text }),
  }),
);
export const quote = fc.option(fc.record({ provider: text, price: amount.map((a) => a ?? 0) }));

export const reminderProps: fc.Arbitrary<ReminderMailProps> = fc.record({
  firstName: text,
  reminder,
  daysLeft,
  dashboardUrl: url,
  calendarUrl: url,
  unsubscribeUrl: url,
  quote,
  member,
});
export const savingsProps: fc.Arbitrary<SavingsFollowUpProps> = fc.record({
  firstName: text,
  reminder,
  savingsUrl: url,
  unsubscribeUrl: url,
  member,
});
const [quoteDay] = actionWindows({ category: 'insurance', renewal_date: '2030-01-15' });
const windows = fc.constantFrom(
  ...(['insurance', 'mortgage', 'utilities_energy', 'broadband_mobile', 'car_tax_mot'] as const).flatMap(
    (category) => actionWindows({ category, renewal_date: '2030-01-15' }),
  ),
  { ...quoteDay!, range: null, tip: null },
);
export const digestItem: fc.Arbitrary<DigestItem> = fc.oneof(
  fc.record({
    kind: fc.constant('reminder' as const),
    reminder,
    daysLeft,
    url,
    calendarUrl: url,
    quote,
    member,
  }),
  fc.record({ kind: fc.constant('savings' as const), reminder, url, member }),
  fc.record({
    kind: fc.constant('window' as const),
    reminder,
    window: windows,
    late: fc.boolean(),
    url,
    quote,
    member,
  }),
);
export const digestProps = fc.record({
  firstName: text,
  items: fc.array(digestItem, { minLength: 2, maxLength: 6 }),
  unsubscribeUrl: url,
});

export const welcomeProps: fc.Arbitrary<WelcomeProps> = fc.record({
  firstName: text,
  lifetimeFree: fc.boolean(),
  dashboardUrl: url,
  unsubscribeUrl: url,
});
// Cognito's code placeholder stays in the link until Cognito sends the mail.
export const confirmProps: fc.Arbitrary<ConfirmSignUpProps> = fc.record({
  firstName: text,
  confirmUrl: url.map((u) => `${u}&code={####}`),
});
export const resetProps: fc.Arbitrary<ResetPasswordProps> = fc.record({
  firstName: text,
  code: fc.constantFrom('{####}', '123456'),
  signInUrl: url,
});
