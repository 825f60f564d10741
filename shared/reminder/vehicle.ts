/**
 * A Car Tax / MOT reminder's car, as the reminder's rules see it: which of the car's two renewals
 * (its MOT or its tax) the reminder is, and the registration number kept to follow it. The DVLA
 * look-up and the registration's schema are the API's (shared/vehicles.ts). Pure.
 */
import type { Category } from './categories.ts';

/** The DVLA date a Car Tax / MOT reminder follows when its registration number is kept. */
export const VEHICLE_DATES = ['mot', 'tax'] as const;
export type VehicleDate = (typeof VEHICLE_DATES)[number];

/**
 * 'Keep it to update the dates after each MOT': the registration number (as keptVehicleSchema in
 * shared/vehicles.ts reads it), kept on the reminder only when ticked, and which of the vehicle's
 * dates the reminder follows.
 */
export interface KeptVehicle {
  registration: string;
  follows: VehicleDate;
}

/** What a reminder's title says it is: 'Ford MOT', 'Ford car tax'; a title naming both or neither tells nothing. */
function vehicleDateInTitle(title: string): VehicleDate | null {
  const mot = /\bMOT\b/i.test(title);
  const tax = /\b(tax|VED)\b/i.test(title);
  return mot === tax ? null : mot ? 'mot' : 'tax';
}

/**
 * Which of a car's renewals a Car Tax / MOT reminder is: its 'What is due?' when chosen; for one
 * stored before that was asked (or left unchosen), the date its kept registration follows, else what
 * its title says. Null when nothing tells (it then has no window of either), and for other categories.
 */
export function vehicleDateOf(reminder: {
  category: Category;
  title?: string;
  vehicle_date?: VehicleDate | null;
  kept_vehicle?: Pick<KeptVehicle, 'follows'> | null;
}): VehicleDate | null {
  if (reminder.category !== 'car_tax_mot') return null;
  return reminder.vehicle_date ?? reminder.kept_vehicle?.follows ?? vehicleDateInTitle(reminder.title ?? '');
}
