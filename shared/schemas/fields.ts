/**
 * The validation rules every area's schemas build on, written once: the messages, the caps on free
 * text, plain text and a person's name, and money as typed. The SPA's forms and the API handlers
 * import these same schemas (./account.ts, ./reminder.ts, ./params.ts), so a rule or a message
 * cannot differ between them.
 */
// Namespace import: lets esbuild tree-shake zod (the named `z` export pulls in all of it).
import * as z from 'zod';
import { CATEGORIES } from '../reminder/categories.ts';
import { DATE_KINDS } from '../reminder/contract.ts';
import { REPEATS } from '../reminder/terms.ts';
import { moneyTextPounds, readMoneyText } from '../reminder/money-text.ts';
import { dateSchema, isoDate, isRealDate, RENEWAL_DATE_INVALID } from '../reminder/realDate.ts';
import { hasHiddenCharacters, hasVisibleCharacters, VISIBLE_TEXT_MESSAGES } from '../visibleText.ts';

export { dateSchema, isoDate, isRealDate };

/** The largest amount a reminder holds, in pounds. */
export const AMOUNT_MAX = 100_000_000;

export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the code from the e-mail',
  currentPasswordRequired: 'Current password is required',
  firstNameRequired: 'First name is required',
  firstNameMax: 'First name must be 80 characters or less',
  lastNameMax: 'Last name must be 80 characters or less',
  countryRequired: 'Country is required',
  countryInvalid: 'Choose a country from the list',
  timezoneRequired: 'Timezone is required',
  timezoneInvalid: 'Choose a time zone from the list',
  controlCharacters: 'Line breaks and control characters are not allowed',
  unreadableCharacters: 'Contains characters that cannot be stored',
  nameNoUrls: 'Names cannot contain web addresses',
  titleRequired: 'Title is required',
  titleMax: 'Title must be 200 characters or less',
  providerMax: 'Provider must be 200 characters or less',
  notesMax: 'Notes must be 2000 characters or less',
  categoryInvalid: `Category must be one of: ${CATEGORIES.map((c) => c.label).join(', ')}`,
  repeatsInvalid: `Repeats must be one of: ${REPEATS.map((r) => r.label).join(', ')}`,
  billingInvalid: `How often you pay must be one of: ${REPEATS.map((r) => r.label).join(', ')}`,
  dateKindInvalid: `What the date is must be one of: ${DATE_KINDS.map((k) => k.label).join(', ')}`,
  rollingNeedsPayments: 'A rolling payment needs how often you pay: choose one other than One-off payment',
  renewalTermInvalid: 'A renewal’s term is a month or longer',
  providerRequired: 'Provider is required',
  renewalDateRequired: 'Renewal date is required',
  renewalDateInvalid: RENEWAL_DATE_INVALID,
  amountInvalid: 'Amount must be a number',
  amountNegative: 'Amount cannot be negative',
  amountTooLarge: `Amount must be at most £${AMOUNT_MAX.toLocaleString('en-GB')}`,
  amountTooSmall: 'Amount is too small to keep: give it in pounds and pence',
  leadDaysInvalid: 'Enter up to 8 numbers of days from 0 to 365, separated by commas',
  actByInvalid: 'Act by must be a valid date (YYYY-MM-DD)',
  actByAfterRenewal: 'Act by must be on or before the renewal date',
  lenderInvalid: 'Choose a lender from the list',
  lenderNotMortgage: 'A lender goes only with a mortgage',
  vehicleNotCarTax: 'A registration number goes only with Car Tax / MOT',
  nextRenewalDateInvalid: 'Next renewal date must be a valid date (YYYY-MM-DD)',
  nextRenewalNotAfter: 'Next renewal date must be after the current renewal date',
} as const;

export const NAME_MAX = 80;
export const PASSWORD_MIN = 6;
/** Free text caps, so that a DynamoDB item stays far below its 400 KB limit. */
export const TITLE_MAX = 200;
export const PROVIDER_MAX = 200;
export const NOTES_MAX = 2000;
/** A reminder's own lead times: at most this many, each 0 to LEAD_DAY_MAX days before. */
export const LEAD_DAYS_MAX = 8;
export const LEAD_DAY_MAX = 365;

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, but line breaks (LF, CR) and tabs are allowed: for notes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;
/** A UTF-16 surrogate that is not half of a pair: not valid text, and it cannot be encoded. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Web addresses in a name: a scheme, www., or a common top-level domain. */
const URL_LIKE = /:\/\/|www\.|\.(com|net|org|co|uk|io|info|biz|xyz|ru|cn|top|example)\b/i;

/**
 * Free text that is stored and shown (and may reach a mail subject): no control characters, nothing
 * invisible or direction-changing (shared/visibleText.ts); `required` is checked on what shows.
 */
export function plainText(text: z.ZodString, options: { multiline?: boolean; required?: string } = {}) {
  const control = options.multiline ? CONTROL_EXCEPT_LINES : CONTROL;
  const checked = text
    .refine((v) => !control.test(v), MESSAGES.controlCharacters)
    .refine((v) => !LONE_SURROGATE.test(v), MESSAGES.unreadableCharacters)
    .refine((v) => !hasHiddenCharacters(v), VISIBLE_TEXT_MESSAGES.hidden);
  const { required } = options;
  return required ? checked.refine((v) => v === '' || hasVisibleCharacters(v), required) : checked;
}

export const personName = (text: z.ZodString, required?: string) =>
  plainText(text, { required }).refine((v) => !URL_LIKE.test(v), MESSAGES.nameNoUrls);

/** 0, or a number DynamoDB can store (from 1e-130; NaN, text that is no amount, has its own message). */
export const storable = (pounds: number) => !(pounds > 0 && pounds < 1e-130);

/** A sum of money as the API takes it: pounds, a finite number from 0, or null when unknown. */
export const moneyAmount = z
  .number({ error: MESSAGES.amountInvalid })
  .finite(MESSAGES.amountInvalid)
  .min(0, MESSAGES.amountNegative)
  .max(AMOUNT_MAX)
  // An amount as small as 5e-324 is past the smallest number DynamoDB stores (1e-130): a failed
  // write, where it must be a 400.
  .refine(storable, MESSAGES.amountTooSmall)
  .nullable()
  .default(null);

/**
 * A sum of money as a form field holds it: blank, or an amount from 0 as people type it ('1,150',
 * '£1,150.00'; shared/reminder/money-text.ts). No rule on decimal places here: a field that wants whole pence
 * adds `inWholePence`.
 */
export const moneyText = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const reading = readMoneyText(v);
    if (reading.kind === 'invalid') ctx.addIssue({ code: 'custom', message: MESSAGES.amountInvalid });
    if (reading.kind === 'negative') ctx.addIssue({ code: 'custom', message: MESSAGES.amountNegative });
    // The API's own limit, so a form (or an imported row) is refused with a message, not an exception.
    if (reading.kind === 'pounds' && reading.pounds > AMOUNT_MAX)
      ctx.addIssue({ code: 'custom', message: MESSAGES.amountTooLarge });
  });

/** A money field's text as the API takes it: pounds, or null when blank. */
export const moneyTextToAmount = moneyTextPounds;
