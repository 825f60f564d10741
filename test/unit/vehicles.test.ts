/**
 * MOT and tax dates from a DVLA record: the registration as typed, the first-MOT estimate, the line
 * shown; which of a car's renewals a reminder is, and the two reminders 'Add both' makes.
 */
import { describe, expect, it } from 'vitest';
import {
  reminderFormSchema,
  reminderFormToInput,
  reminderInputSchema,
} from '../../shared/schemas/reminder.ts';
import {
  bothReminderDrafts,
  keptVehicleSchema,
  vehicleDateOf,
  recheckedRenewal,
  dvlaVehicleSchema,
  firstMotEstimate,
  registrationSchema,
  VEHICLE_MESSAGES,
  vehicleDates,
  vehicleDatesLine,
} from '../../shared/vehicles.ts';
import { aReminderForm } from '../support/builders.ts';

describe('registrationSchema', () => {
  it('drops spaces and upper-cases', () => {
    expect(registrationSchema.parse(' ab12 cde ')).toBe('AB12CDE');
    expect(registrationSchema.parse('a1')).toBe('A1');
  });

  it.each(['', 'A', 'AB12CDEF', 'AB-12', 'AB12\u202ECD', 'ÄB12CDE', 'x'.repeat(21)])('refuses %j', (text) => {
    const result = registrationSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(VEHICLE_MESSAGES.registrationInvalid);
  });
});

describe('vehicleDates', () => {
  const record = (fields: Record<string, unknown>) =>
    dvlaVehicleSchema.parse({ registrationNumber: 'AB12CDE', ...fields });

  it('reads the MOT and tax dates', () => {
    const dates = vehicleDates(
      record({
        motExpiryDate: '2027-03-14',
        taxDueDate: '2027-02-01',
        make: 'FORD',
        monthOfFirstRegistration: '2012-03',
      }),
    );
    expect(dates).toEqual({
      registration: 'AB12CDE',
      make: 'FORD',
      mot_due: '2027-03-14',
      mot_estimated: false,
      tax_due: '2027-02-01',
    });
    expect(vehicleDatesLine(dates)).toBe('MOT due 14/03/2027 · Tax due 01/02/2027');
  });

  it('estimates a new car’s first MOT three years from its first registration month, and says so', () => {
    const dates = vehicleDates(record({ taxDueDate: '2026-09-01', monthOfFirstRegistration: '2025-09' }));
    expect(dates).toMatchObject({ mot_due: '2028-09-01', mot_estimated: true });
    expect(vehicleDatesLine(dates)).toBe('MOT due 01/09/2028 (estimate) · Tax due 01/09/2026');
  });

  it('starts the estimate on the first of the month, so February of a leap year is a real date', () => {
    expect(firstMotEstimate('2024-02')).toBe('2027-02-01');
    expect(firstMotEstimate('2021-12')).toBe('2024-12-01');
  });

  it('treats a date that is not real, or missing, as unknown', () => {
    const dates = vehicleDates(
      record({ motExpiryDate: '2027-02-30', taxDueDate: 42, monthOfFirstRegistration: '2020-13' }),
    );
    expect(dates).toMatchObject({ mot_due: null, mot_estimated: false, tax_due: null });
    expect(vehicleDatesLine(dates)).toBe('');
  });
});

describe('recheckedRenewal', () => {
  const dates = {
    registration: 'AB12CDE',
    make: null,
    mot_due: '2027-03-14',
    mot_estimated: false,
    tax_due: '2027-02-01',
  };

  it('moves to the date the reminder follows when the DVLA holds a later one', () => {
    expect(recheckedRenewal('2026-03-14', 'mot', dates)).toBe('2027-03-14');
    expect(recheckedRenewal('2026-03-14', 'tax', dates)).toBe('2027-02-01');
    // An MOT done early: the new date comes before the anniversary, and still wins.
    expect(recheckedRenewal('2026-05-20', 'mot', dates)).toBe('2027-03-14');
  });

  it('stays with the term when the DVLA shows nothing newer, or no date at all', () => {
    expect(recheckedRenewal('2027-03-14', 'mot', dates)).toBeNull();
    expect(recheckedRenewal('2027-06-01', 'tax', dates)).toBeNull();
    expect(recheckedRenewal('2026-03-14', 'mot', { ...dates, mot_due: null })).toBeNull();
  });
});

describe('keptVehicleSchema', () => {
  it('keeps a number as the look-up reads it, and which date it follows, nothing else', () => {
    expect(keptVehicleSchema.parse({ registration: 'ab12 cde', follows: 'tax' })).toEqual({
      registration: 'AB12CDE',
      follows: 'tax',
    });
    expect(keptVehicleSchema.safeParse({ registration: 'AB12CDE', follows: 'insurance' }).success).toBe(
      false,
    );
    expect(
      keptVehicleSchema.safeParse({ registration: 'AB12CDE', follows: 'mot', make: 'FORD' }).success,
    ).toBe(false);
  });
});

describe('vehicleDateOf', () => {
  const car = { category: 'car_tax_mot' } as const;

  it('reads what is due when chosen, over the kept registration and the title', () => {
    expect(vehicleDateOf({ ...car, vehicle_date: 'tax', title: 'Ford MOT' })).toBe('tax');
    expect(vehicleDateOf({ ...car, vehicle_date: 'mot', kept_vehicle: null, title: 'Road tax' })).toBe('mot');
  });

  it('reads one stored before it from its kept registration, else from its title', () => {
    expect(
      vehicleDateOf({ ...car, vehicle_date: null, kept_vehicle: { follows: 'tax' }, title: 'MOT' }),
    ).toBe('tax');
    expect(vehicleDateOf({ ...car, title: 'Ford MOT' })).toBe('mot');
    expect(vehicleDateOf({ ...car, title: 'Ford car tax' })).toBe('tax');
    expect(vehicleDateOf({ ...car, title: 'mot for the van' })).toBe('mot');
    expect(vehicleDateOf({ ...car, title: 'VED' })).toBe('tax');
  });

  it('tells nothing from a title naming both, neither, or the words inside others', () => {
    for (const title of ['Car tax / MOT', 'Ford Focus', 'Motorbike', 'Taxi licence', ''])
      expect(vehicleDateOf({ ...car, title })).toBeNull();
  });

  it('is null for any other category', () => {
    expect(vehicleDateOf({ category: 'insurance', title: 'MOT cover', vehicle_date: 'mot' })).toBeNull();
  });
});

describe('what is due, as the API and the dialog check it', () => {
  const body = {
    title: 'Golf',
    category: 'car_tax_mot',
    provider: 'DVSA',
    renewal_date: '2030-05-15',
  } as const;
  const errors = (input: Record<string, unknown>) =>
    reminderInputSchema
      .safeParse({ ...body, ...input })
      .error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes MOT or car tax, or nothing, on a Car Tax / MOT reminder', () => {
    expect(reminderInputSchema.parse({ ...body, vehicle_date: 'mot' }).vehicle_date).toBe('mot');
    expect(reminderInputSchema.parse(body).vehicle_date).toBeNull();
    expect(errors({ vehicle_date: 'insurance' })).toEqual([
      ['vehicle_date', VEHICLE_MESSAGES.whatIsDueInvalid],
    ]);
  });

  it('refuses it on another category, and against the date a kept registration follows', () => {
    expect(errors({ category: 'insurance', vehicle_date: 'tax' })).toEqual([
      ['vehicle_date', VEHICLE_MESSAGES.whatIsDueNotCarTax],
    ]);
    const kept = { registration: 'AB12CDE', follows: 'mot' };
    expect(errors({ vehicle_date: 'tax', kept_vehicle: kept })).toEqual([
      ['vehicle_date', VEHICLE_MESSAGES.whatIsDueNotKept],
    ]);
    expect(errors({ vehicle_date: 'mot', kept_vehicle: kept })).toBeUndefined();
  });

  it('the dialog: not chosen is null, a choice left from another category is dropped, a clash is shown', () => {
    const form = aReminderForm({ ...body, lead_days: '30, 14, 7, 0' });
    expect(reminderFormToInput({ ...form, vehicle_date: '' }).vehicle_date).toBeNull();
    expect(reminderFormToInput({ ...form, vehicle_date: 'tax' }).vehicle_date).toBe('tax');
    expect(
      reminderFormToInput({
        ...form,
        category: 'insurance',
        lead_days: '30, 14, 7, 1, 0',
        vehicle_date: 'tax',
      }).vehicle_date,
    ).toBeNull();
    const clash = reminderFormSchema.safeParse({
      ...form,
      vehicle_date: 'tax',
      kept_vehicle: { registration: 'AB12CDE', follows: 'mot' },
    });
    expect(clash.error?.issues.map((i) => i.message)).toEqual([VEHICLE_MESSAGES.whatIsDueNotKept]);
  });
});

describe('bothReminderDrafts', () => {
  const dates = {
    registration: 'AB12CDE',
    make: 'FORD',
    mot_due: '2027-03-14',
    mot_estimated: false,
    tax_due: '2027-02-01',
  };

  it('makes the MOT and the car tax, each saying which it is, valid as the API takes them', () => {
    const [mot, tax] = bothReminderDrafts(dates, null).map((draft) => reminderInputSchema.parse(draft));
    expect(mot).toMatchObject({
      title: 'Ford MOT',
      provider: 'DVSA',
      renewal_date: '2027-03-14',
      repeats: 'yearly',
      vehicle_date: 'mot',
      kept_vehicle: null,
    });
    expect(tax).toMatchObject({
      title: 'Ford car tax',
      provider: 'DVLA',
      renewal_date: '2027-02-01',
      vehicle_date: 'tax',
      kept_vehicle: null,
    });
  });

  it('keeps the registration with each only when asked, following its own date', () => {
    const kept = bothReminderDrafts({ ...dates, make: null }, 'AB12CDE');
    expect(kept.map((d) => [d.title, d.kept_vehicle])).toEqual([
      ['MOT', { registration: 'AB12CDE', follows: 'mot' }],
      ['car tax', { registration: 'AB12CDE', follows: 'tax' }],
    ]);
  });
});
