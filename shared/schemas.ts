/**
 * The validation rules and their messages, written once: the SPA's forms and the API handlers import
 * these same schemas, so a rule or a message cannot differ between them.
 */
// Namespace import: lets esbuild tree-shake zod (the named `z` export pulls in all of it).
import * as z from 'zod';
import { CATEGORIES, CATEGORY_VALUES } from './reminder/categories.ts';
import { COUNTRY_CODES, TIMEZONES } from './locales.ts';
import { moneyTextPounds, readMoneyText } from './reminder/money-text.ts';
import { dateSchema, isoDate, isRealDate, RENEWAL_DATE_INVALID } from './reminder/realDate.ts';
import { LENDER_VALUES } from './reminder/lenders.ts';
import { REPEATS, REPEATS_VALUES } from './reminder/terms.ts';
import { contractOf, DATE_KINDS, DATE_KIND_VALUES, leadDaysOf, legacyContract } from './reminder/contract.ts';
import {
  keptVehicleSchema,
  vehicleDateMatchesKept,
  vehicleDateOnlyCarTax,
  vehicleDateSchema,
} from './vehicles.ts';
import { SHARED_MAIL_CHOICES, SHARING_MESSAGES } from './reminder/sharing.ts';
import { SPLIT_MESSAGES, splitProblem, whoPaysFromForm, whoPaysSchema } from './reminder/split.ts';
import { hasHiddenCharacters, hasVisibleCharacters, VISIBLE_TEXT_MESSAGES } from './visibleText.ts';
import { hasPriceRise } from './reminder/priceRise.ts';
import {
  PRICE_RISE_MESSAGES,
  priceRiseFromForm,
  priceRiseKindField,
  priceRiseSchema,
  riseAmountProblem,
} from './reminder/priceRiseSchema.ts';

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

/** An e-mail address as every form takes it. */
export const emailSchema = z.string().trim().email(MESSAGES.invalidEmail);
const email = emailSchema;
export const firstNameSchema = personName(
  z.string().trim().min(1, MESSAGES.firstNameRequired).max(NAME_MAX, MESSAGES.firstNameMax),
  MESSAGES.firstNameRequired,
);
export const lastNameSchema = personName(z.string().trim().max(NAME_MAX, MESSAGES.lastNameMax));
const firstName = firstNameSchema;
const lastName = lastNameSchema;
/** Only the offered countries and time zones: they name counters and drive mail times. */
export const countrySchema = z
  .string()
  .trim()
  .min(2, MESSAGES.countryRequired)
  .pipe(z.enum(COUNTRY_CODES, { error: MESSAGES.countryInvalid }));
export const timezoneSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.timezoneRequired)
  .pipe(z.enum(TIMEZONES, { error: MESSAGES.timezoneInvalid }));
const country = countrySchema;

/** A password the user chooses: the same rule at sign-up, password reset and password change. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN, MESSAGES.passwordMin);

export const signUpSchema = z.object({
  email,
  password: newPasswordSchema,
  first_name: firstName,
  last_name: lastName.optional().default(''),
  country,
  marketing_consent: z.boolean().default(false),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** 'Forgot password?': the address the reset code goes to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The second step of a reset: the mailed code (spaces pasted with it are dropped) and the new password. */
export const resetPasswordSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().min(1, MESSAGES.codeRequired)),
  new_password: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Settings' 'Change Password': the current password is only checked by Cognito. */
export const changePasswordSchema = z.object({
  current_password: z.string().min(1, MESSAGES.currentPasswordRequired),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const profileUpdateSchema = z.object({
  first_name: firstName,
  last_name: lastName.optional().default(''),
  country,
  timezone: timezoneSchema,
  marketing_consent: z.boolean(),
  /** Reminder e-mails on or off; left as it is when absent. */
  reminder_emails: z.boolean().optional(),
  /** One mail per renewal instead of a digest; left as it is when absent. */
  email_per_renewal: z.boolean().optional(),
  /** 'Remind me about shared renewals'; left as it is when absent. */
  shared_reminder_mails: z.enum(SHARED_MAIL_CHOICES).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** A reminder's own lead days: whole days before, from 0 to LEAD_DAY_MAX, at most LEAD_DAYS_MAX. */
export const leadDaysSchema = z
  .array(
    z
      .number(MESSAGES.leadDaysInvalid)
      .int(MESSAGES.leadDaysInvalid)
      .min(0, MESSAGES.leadDaysInvalid)
      .max(LEAD_DAY_MAX, MESSAGES.leadDaysInvalid),
    MESSAGES.leadDaysInvalid,
  )
  .min(1, MESSAGES.leadDaysInvalid)
  .max(LEAD_DAYS_MAX, MESSAGES.leadDaysInvalid);

/**
 * The dialog's 'Remind me (days before)' field: '30, 14, 7, 1, 0' → [30, 14, 7, 1, 0], largest
 * first, each day once. Anything else (letters, decimals, more than eight, beyond a year) is refused
 * with one message.
 */
export const leadDaysText = z
  .string()
  .transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.some((part) => !/^\d{1,3}$/.test(part))) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.leadDaysInvalid });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))].sort((a, b) => b - a);
  })
  .pipe(leadDaysSchema);

/** The field's text for a list of lead days, as the dialog prefills it. */
export const leadDaysToText = (days: readonly number[]) => [...days].sort((a, b) => b - a).join(', ');

/** The fields the API and the reminder dialog validate alike, with the same messages. */
const reminderFields = {
  title: plainText(z.string().trim().min(1, MESSAGES.titleRequired).max(TITLE_MAX, MESSAGES.titleMax), {
    required: MESSAGES.titleRequired,
  }),
  category: z.enum(CATEGORY_VALUES, { error: MESSAGES.categoryInvalid }),
  provider: plainText(
    z.string().trim().min(1, MESSAGES.providerRequired).max(PROVIDER_MAX, MESSAGES.providerMax),
    { required: MESSAGES.providerRequired },
  ),
  renewal_date: z.string().min(1, MESSAGES.renewalDateRequired).pipe(isoDate),
};

/** 0, or a number DynamoDB can store (from 1e-130; NaN, text that is no amount, has its own message). */
const storable = (pounds: number) => !(pounds > 0 && pounds < 1e-130);

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

/** A rolling payment has a next charge, so it is paid more than once; a renewal's term is a month or more. */
const contractChecks = {
  rolling: {
    check: (v: { date_kind?: string; billing?: string }) =>
      v.date_kind !== 'next_payment' || v.billing !== 'none',
    issue: { message: MESSAGES.rollingNeedsPayments, path: ['billing'] },
  },
  renewalTerm: {
    check: (v: { date_kind?: string; repeats?: string }) =>
      v.date_kind !== 'renewal' || v.repeats !== 'weekly',
    issue: { message: MESSAGES.renewalTermInvalid, path: ['repeats'] },
  },
};

/**
 * The two facts and the term, settled: as given (the dialog always sends both), or for a client that
 * sends only `repeats`, as that meant before the facts were apart (contract.ts, legacyContract).
 */
function withContract<
  V extends {
    category: (typeof CATEGORY_VALUES)[number];
    repeats?: (typeof REPEATS_VALUES)[number];
    billing?: (typeof REPEATS_VALUES)[number];
    date_kind?: (typeof DATE_KIND_VALUES)[number];
    ask_deal_end?: boolean;
  },
>(values: V) {
  const { billing, date_kind, repeats, ask_deal_end, ...rest } = values;
  if (billing === undefined && date_kind === undefined)
    return { ...rest, ...legacyContract(values.category, repeats ?? 'none') };
  const contract = contractOf(values.category, { billing, date_kind, repeats });
  return { ...rest, ...contract, ask_deal_end: ask_deal_end ?? false };
}

/** The act-by date is the last day to act, so it cannot fall after the renewal itself. */
const actByNotAfterRenewal = {
  // Only between two real dates: a malformed one has its own message.
  check: (v: { act_by: string | null; renewal_date: string }) =>
    !v.act_by || !isRealDate(v.act_by) || !isRealDate(v.renewal_date) || v.act_by <= v.renewal_date,
  issue: { message: MESSAGES.actByAfterRenewal, path: ['act_by'] },
};

/**
 * The reminder as the API accepts it. Amount is a decimal number or null; notes null when empty.
 * The contract fields are optional: a client that does not know them gets a reminder that behaves
 * as reminders always did (a one-off date, no act-by date, the category's lead days). The dialog
 * always sends them, with its defaults per category (DEFAULT_CONTRACT).
 * The dialog's form values (strings) go through `reminderFormToInput` first.
 */
export const reminderInputSchema = z
  .object({
    ...reminderFields,
    amount: moneyAmount,
    notes: plainText(z.string().max(NOTES_MAX, MESSAGES.notesMax), { multiline: true })
      .nullable()
      .default(null)
      .transform((v) => (v && v.trim() !== '' ? v : null)),
    // Not defaulted here: a renewal given no term takes its usual one, an explicit 'none' stays.
    repeats: z.enum(REPEATS_VALUES, { error: MESSAGES.repeatsInvalid }).optional(),
    billing: z.enum(REPEATS_VALUES, { error: MESSAGES.billingInvalid }).optional(),
    date_kind: z.enum(DATE_KIND_VALUES, { error: MESSAGES.dateKindInvalid }).optional(),
    // Kept when the input is parsed again (the route, then the store); the dialog's answer clears it.
    ask_deal_end: z.boolean().optional(),
    auto_renew: z.boolean().default(false),
    act_by: dateSchema(MESSAGES.actByInvalid).nullable().default(null),
    lead_days: leadDaysSchema
      .transform((days) => [...new Set(days)].sort((a, b) => b - a))
      .nullable()
      .default(null),
    action_windows: z.boolean().default(true),
    lender: z.enum(LENDER_VALUES, { error: MESSAGES.lenderInvalid }).nullable().default(null),
    kept_vehicle: keptVehicleSchema.nullable().default(null),
    vehicle_date: vehicleDateSchema.nullable().default(null),
    shared: z.boolean().default(false),
    deals_with: z.string().uuid(SHARING_MESSAGES.dealsWithNotMember).nullable().default(null),
    who_pays: whoPaysSchema.nullable().default(null),
    // 'Price rises in April' (reminder/priceRise.ts): a phone, broadband or pay TV contract's.
    price_rise: priceRiseSchema.nullable().default(null),
  })
  .refine(actByNotAfterRenewal.check, actByNotAfterRenewal.issue)
  .refine((v) => v.price_rise === null || hasPriceRise(v.category), {
    message: PRICE_RISE_MESSAGES.notTelecoms,
    path: ['price_rise'],
  })
  .refine((v) => v.deals_with === null || v.shared, {
    message: SHARING_MESSAGES.dealsWithNotShared,
    path: ['deals_with'],
  })
  .refine((v) => v.who_pays === null || v.shared, { message: SPLIT_MESSAGES.notShared, path: ['who_pays'] })
  .superRefine((v, ctx) => {
    const problem = splitProblem(v.who_pays, v.amount);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['who_pays'] });
  })
  .refine((v) => v.lender === null || v.category === 'mortgage', {
    message: MESSAGES.lenderNotMortgage,
    path: ['lender'],
  })
  .refine((v) => v.kept_vehicle === null || v.category === 'car_tax_mot', {
    message: MESSAGES.vehicleNotCarTax,
    path: ['kept_vehicle'],
  })
  .refine(contractChecks.rolling.check, contractChecks.rolling.issue)
  .refine(contractChecks.renewalTerm.check, contractChecks.renewalTerm.issue)
  .refine(vehicleDateOnlyCarTax.check, vehicleDateOnlyCarTax.issue)
  .refine(vehicleDateMatchesKept.check, vehicleDateMatchesKept.issue)
  .transform(withContract);
export type ReminderInput = z.output<typeof reminderInputSchema>;
/** What a caller may hand the stores: the schema's input (they parse it, so defaults apply). */
export type ReminderDraft = z.input<typeof reminderInputSchema>;

/** The dialog's fields as typed: every value a string (or a checkbox's boolean), as inputs give them. */
export const reminderFormSchema = z
  .object({
    ...reminderFields,
    amount: moneyText.refine((v) => storable(moneyTextPounds(v) ?? 0), MESSAGES.amountTooSmall),
    notes: plainText(z.string().max(NOTES_MAX, MESSAGES.notesMax), { multiline: true }),
    billing: z.enum(REPEATS_VALUES, { error: MESSAGES.billingInvalid }),
    date_kind: z.enum(DATE_KIND_VALUES, { error: MESSAGES.dateKindInvalid }),
    /** A renewal's term ('Renews every'); the other kinds take theirs from the two facts. */
    repeats: z.enum(REPEATS_VALUES, { error: MESSAGES.repeatsInvalid }),
    auto_renew: z.boolean(),
    act_by: z.string().refine((v) => v === '' || isRealDate(v), MESSAGES.actByInvalid),
    lead_days: z.string().refine((v) => leadDaysText.safeParse(v).success, MESSAGES.leadDaysInvalid),
    // Optional, so an imported row (which has neither) reads as a new reminder's defaults.
    action_windows: z.boolean().optional(),
    lender: z.union([z.enum(LENDER_VALUES, { error: MESSAGES.lenderInvalid }), z.literal('')]).optional(),
    // Not typed in the dialog: the DVLA look-up's, kept while its box stays ticked.
    kept_vehicle: keptVehicleSchema.nullable().optional(),
    // Car Tax / MOT's 'What is due?'; '' is not chosen.
    vehicle_date: z.union([vehicleDateSchema, z.literal('')]).optional(),
    // Shown only to people in a household; '' is 'nobody in particular'.
    shared: z.boolean().optional(),
    deals_with: z.string().optional(),
    // 'Who pays?': 'equal', 'amounts' or a membership id; with 'amounts', each member's share as typed.
    who_pays: z.string().optional(),
    pay_shares: z.record(z.string(), z.string()).optional(),
    // 'Price rises in April', for Broadband & Mobile; with '£ amount', the rise a month as typed.
    price_rise: priceRiseKindField.optional(),
    price_rise_amount: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.price_rise !== 'pounds' || !hasPriceRise(v.category)) return;
    const problem = riseAmountProblem(v.price_rise_amount ?? '');
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['price_rise_amount'] });
  })
  .superRefine((v, ctx) => {
    if (!v.shared) return;
    const whoPays = whoPaysFromForm(v.who_pays, v.pay_shares, moneyTextPounds);
    const parsed = whoPaysSchema.nullable().safeParse(whoPays);
    const problem = parsed.success
      ? splitProblem(parsed.data, moneyTextPounds(v.amount))
      : (parsed.error.issues[0]?.message ?? SPLIT_MESSAGES.invalid);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['who_pays'] });
  })
  .refine(actByNotAfterRenewal.check, actByNotAfterRenewal.issue)
  .refine(contractChecks.rolling.check, contractChecks.rolling.issue)
  .refine(contractChecks.renewalTerm.check, contractChecks.renewalTerm.issue)
  .refine(vehicleDateMatchesKept.check, vehicleDateMatchesKept.issue);
export type ReminderFormValues = z.infer<typeof reminderFormSchema>;

/** The form's values as the API takes them; lead days equal to the default ones are stored as null. */
export function reminderFormToInput(values: ReminderFormValues): ReminderInput {
  const leadDays = leadDaysText.parse(values.lead_days);
  const categoryDays = leadDaysToText(leadDaysOf({ category: values.category, date_kind: values.date_kind }));
  return reminderInputSchema.parse({
    ...values,
    amount: moneyTextToAmount(values.amount),
    notes: values.notes,
    act_by: values.act_by === '' ? null : values.act_by,
    lead_days: leadDaysToText(leadDays) === categoryDays ? null : leadDays,
    action_windows: values.action_windows ?? true,
    // Only a mortgage has a lender: a choice left from before a change of category is dropped.
    lender: values.category === 'mortgage' && values.lender ? values.lender : null,
    kept_vehicle: values.category === 'car_tax_mot' ? (values.kept_vehicle ?? null) : null,
    vehicle_date: values.category === 'car_tax_mot' && values.vehicle_date ? values.vehicle_date : null,
    shared: values.shared ?? false,
    deals_with: values.shared && values.deals_with ? values.deals_with : null,
    who_pays: values.shared ? whoPaysFromForm(values.who_pays, values.pay_shares, moneyTextPounds) : null,
    // Only a phone, broadband or pay TV contract has one: a choice left from another category is dropped.
    price_rise: hasPriceRise(values.category)
      ? priceRiseFromForm(values.price_rise, values.price_rise_amount)
      : null,
  });
}

/** Path parameter {token} of the calendar feed: 43 base64url characters, '.ics' after them allowed. */
export const calendarTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}(\.ics)?$/, 'Invalid calendar link')
    .transform((token) => token.replace(/\.ics$/, '')),
});

/** Path parameter {token} of a mailed 'Add to calendar' link: an opaque sealed token, '.ics' allowed. */
export const eventTokenParamSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,400}(\.ics)?$/, 'Invalid calendar link')
    .transform((token) => token.replace(/\.ics$/, '')),
});

/** Path parameter {id}: our ids are UUIDs; anything else is a 400, not a lookup. */
export const idParamSchema = z.object({ id: z.string().uuid('Invalid reminder id') });

/** A path the SPA reports as not found: logged without query or fragment, never personal data. */
export const notFoundReportSchema = z.object({ path: z.string().min(1).max(300).startsWith('/') });

/** ?limit= on the admin lists: 1 to 100 rows, each list with its own default. */
export const limitQuerySchema = (fallback: number) =>
  z.object({ limit: z.coerce.number().int().min(1).max(100).default(fallback) });

export const runCronSchema = z.object({
  simulate: z.boolean(),
  /** The simulation's date; a real run always works for today in Europe/London. */
  date: isoDate.optional(),
});

/** ?token= on the one-click unsubscribe: the signed token is the only credential. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(10, 'Missing unsubscribe token').max(300),
});

export const systemTestSchema = z.object({
  email: z.string().trim().email(MESSAGES.invalidEmail).optional(),
});
