/** MOT and tax dates from a DVLA record: the registration as typed, the first-MOT estimate, the line shown. */
import { describe, expect, it } from 'vitest';
import {
  keptVehicleSchema,
  recheckedRenewal,
  dvlaVehicleSchema,
  firstMotEstimate,
  registrationSchema,
  VEHICLE_MESSAGES,
  vehicleDates,
  vehicleDatesLine,
} from '../../shared/vehicles.ts';

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
