/**
 * A reminder's schemas: its lead days, the API's reminder body (reminderInputSchema) and the
 * dialog's form (reminderFormSchema) with what turns one into the other.
 */
// Namespace import: lets esbuild tree-shake zod (the named `z` export pulls in all of it).
import * as z from 'zod';
import { CATEGORY_VALUES } from '../reminder/categories.ts';
import { isRealDate } from '../reminder/realDate.ts';
import { LENDER_VALUES } from '../reminder/lenders.ts';
import { REPEATS_VALUES } from '../reminder/terms.ts';
import { contractOf, DATE_KIND_VALUES, leadDaysOf, legacyContract } from '../reminder/contract.ts';
import {
  keptVehicleSchema,
  vehicleDateMatchesKept,
  vehicleDateOnlyCarTax,
  vehicleDateSchema,
} from '../vehicles.ts';
import { SHARING_MESSAGES } from '../reminder/sharing.ts';
import { SPLIT_MESSAGES, splitProblem, whoPaysFromForm, whoPaysSchema } from '../reminder/split.ts';
import { moneyTextPounds } from '../reminder/money-text.ts';
import { hasPriceRise } from '../reminder/priceRise.ts';
import {
  PRICE_RISE_MESSAGES,
  priceRiseFromForm,
  priceRiseKindField,
  priceRiseSchema,
  riseAmountProblem,
} from '../reminder/priceRiseSchema.ts';
import {
  dateSchema,
  isoDate,
  LEAD_DAY_MAX,
  LEAD_DAYS_MAX,
  MESSAGES,
  moneyAmount,
  moneyText,
  moneyTextToAmount,
  NOTES_MAX,
  plainText,
  PROVIDER_MAX,
  storable,
  TITLE_MAX,
} from './fields.ts';

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
