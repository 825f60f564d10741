/**
 * MOT and tax dates from the DVLA's Vehicle Enquiry Service: the registration number as it may be
 * typed, the part of the DVLA's answer we read (every field of it is outside input), and what the
 * dialog offers from it. Pure: the look-up's handler and the dialog both use it.
 */
import * as z from 'zod';
import type { Category } from './reminder/categories.ts';
import { formatUkDate } from './dates.ts';
import { isRealDate } from './reminder/realDate.ts';
import { DEFAULT_CONTRACT } from './reminder/contract.ts';
import { VEHICLE_DATES, vehicleDateOf, type KeptVehicle, type VehicleDate } from './reminder/vehicle.ts';

export { VEHICLE_DATES, vehicleDateOf, type KeptVehicle, type VehicleDate };

/** Look-ups one user may make in a UTC day: a few cars, a few typos. */
export const VEHICLE_LOOKUPS_PER_DAY = 20;

export const VEHICLE_MESSAGES = {
  tooMany: `You have looked up ${VEHICLE_LOOKUPS_PER_DAY} vehicles today. Try again tomorrow or enter the dates yourself`,
  registrationInvalid: 'Enter a registration number of 2 to 7 letters and numbers, for example AB12 CDE',
  notFound: 'The DVLA has no vehicle with that registration number',
  unavailable: 'The DVLA did not answer. Try again later or enter the dates yourself',
  estimated:
    'Estimated: a car under three years old has no MOT yet; its first is due three years after it was first registered',
  whatIsDueInvalid: 'Choose MOT or Car tax',
  whatIsDueNotCarTax: 'What is due goes only with Car Tax / MOT',
  whatIsDueNotKept:
    'The registration number is kept to follow the other date: untick it to change what is due',
} as const;

/** A registration number as typed ('ab12 cde'): spaces dropped, upper case, 2 to 7 letters and digits. */
export const registrationSchema = z
  .string()
  .max(20, VEHICLE_MESSAGES.registrationInvalid)
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,7}$/, VEHICLE_MESSAGES.registrationInvalid));

export const vehicleLookupSchema = z.object({ registration: registrationSchema }).strict();

const realDate = z.string().refine(isRealDate);

/**
 * The fields of the DVLA's vehicle record we read. A date that is missing or not a real date reads
 * as unknown; the rest of the record is ignored.
 */
export const dvlaVehicleSchema = z.object({
  registrationNumber: z.string().max(20),
  make: z.string().max(100).optional().catch(undefined),
  taxDueDate: realDate.optional().catch(undefined),
  motExpiryDate: realDate.optional().catch(undefined),
  /** 'YYYY-MM'. */
  monthOfFirstRegistration: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
});
export type DvlaVehicle = z.infer<typeof dvlaVehicleSchema>;

/** What the dialog offers: the MOT date (or its estimate), the tax date, each when known. */
export interface VehicleDates {
  registration: string;
  make: string | null;
  mot_due: string | null;
  /** The MOT date is three years from the first registration month: the car has had no MOT yet. */
  mot_estimated: boolean;
  tax_due: string | null;
}

/**
 * The first MOT of a car that has had none: three years after its first registration. The DVLA
 * gives only the month, so the estimate is that month's first day three years on (early rather than
 * late: an MOT may be done up to a month before it is due).
 */
export function firstMotEstimate(monthOfFirstRegistration: string): string {
  const [year, month] = monthOfFirstRegistration.split('-').map(Number) as [number, number];
  return `${String(year + 3).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

export function vehicleDates(record: DvlaVehicle): VehicleDates {
  const estimate =
    !record.motExpiryDate && record.monthOfFirstRegistration
      ? firstMotEstimate(record.monthOfFirstRegistration)
      : null;
  return {
    registration: record.registrationNumber,
    make: record.make ?? null,
    mot_due: record.motExpiryDate ?? estimate,
    mot_estimated: estimate !== null,
    tax_due: record.taxDueDate ?? null,
  };
}

/** 'MOT due 14/03/2027 · Tax due 01/02/2027' ('MOT due … (estimate)'; a part unknown left out). */
export function vehicleDatesLine(dates: VehicleDates): string {
  const parts = [
    dates.mot_due && `MOT due ${formatUkDate(dates.mot_due)}${dates.mot_estimated ? ' (estimate)' : ''}`,
    dates.tax_due && `Tax due ${formatUkDate(dates.tax_due)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * 'Keep it to update the dates after each MOT': the registration number, kept on the reminder only
 * when ticked, and which of the vehicle's dates the reminder follows. The job asks the DVLA again when
 * the reminder rolls forward after that date (lambdas/features/engine/recheck.ts).
 */
export const keptVehicleSchema = z
  .object({ registration: registrationSchema, follows: z.enum(VEHICLE_DATES) })
  .strict() satisfies z.ZodType<KeptVehicle>;

/**
 * The renewal the DVLA's answer moves a kept reminder to: the date it follows when that is later than
 * the renewal that just passed (the MOT was done, the tax renewed), else null (the DVLA shows nothing
 * newer yet, and the reminder rolls on by its term as any other).
 */
export function recheckedRenewal(passed: string, follows: VehicleDate, dates: VehicleDates): string | null {
  const date = follows === 'mot' ? dates.mot_due : dates.tax_due;
  return date !== null && date > passed ? date : null;
}

/**
 * 'What is due?' of a Car Tax / MOT reminder: a car's MOT and its vehicle tax are two renewals, each
 * with its own days to act (shared/reminder/windows.ts). '' is not chosen yet.
 */
export const WHAT_IS_DUE_OPTIONS = [
  { value: '', label: 'Choose MOT or Car tax' },
  { value: 'mot', label: 'MOT' },
  { value: 'tax', label: 'Car tax' },
] as const satisfies readonly { value: VehicleDate | ''; label: string }[];

export const vehicleDateSchema = z.enum(VEHICLE_DATES, { error: VEHICLE_MESSAGES.whatIsDueInvalid });

/** What the rules below need of a reminder, as the API body or the dialog's form holds it. */
interface VehicleDateFields {
  category: Category;
  vehicle_date?: VehicleDate | '' | null;
  kept_vehicle?: Pick<KeptVehicle, 'follows'> | null;
}

/** Only a Car Tax / MOT reminder says which date it is. */
export const vehicleDateOnlyCarTax = {
  check: (v: VehicleDateFields) => !v.vehicle_date || v.category === 'car_tax_mot',
  issue: { message: VEHICLE_MESSAGES.whatIsDueNotCarTax, path: ['vehicle_date'] },
};

/**
 * A kept registration moves the reminder to the date it follows after each renewal
 * (recheckedRenewal), so what is due cannot say the other one while it is kept.
 */
export const vehicleDateMatchesKept = {
  check: (v: VehicleDateFields) =>
    v.category !== 'car_tax_mot' ||
    !v.vehicle_date ||
    !v.kept_vehicle ||
    v.kept_vehicle.follows === v.vehicle_date,
  issue: { message: VEHICLE_MESSAGES.whatIsDueNotKept, path: ['vehicle_date'] },
};

/**
 * The two reminders 'Add both' makes, before the API's schema: titled by the make, never by the
 * registration, which each keeps (with the date it follows) only when `keep` is given; each says
 * which date it is.
 */
export function bothReminderDrafts(
  dates: VehicleDates & { mot_due: string; tax_due: string },
  keep: string | null,
) {
  const make = dates.make ? `${dates.make.charAt(0)}${dates.make.slice(1).toLowerCase()} ` : '';
  const common = { category: 'car_tax_mot', ...DEFAULT_CONTRACT.car_tax_mot } as const;
  const draft = (vehicle_date: VehicleDate, title: string, provider: string, renewal_date: string) => ({
    ...common,
    title: `${make}${title}`.trim(),
    provider,
    renewal_date,
    vehicle_date,
    kept_vehicle: keep ? { registration: keep, follows: vehicle_date } : null,
  });
  return [draft('mot', 'MOT', 'DVSA', dates.mot_due), draft('tax', 'car tax', 'DVLA', dates.tax_due)];
}
