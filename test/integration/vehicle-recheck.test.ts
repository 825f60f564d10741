/**
 * 'Keep it to update the dates after each MOT' through the API and the reminder job on the local
 * stand-ins: a kept registration is asked of the DVLA again when its reminder rolls forward, and the
 * reminder moves to the DVLA's newer date; a DVLA that fails, or a reminder with no kept number, rolls
 * by its term as any other, and nothing asks the DVLA for a reminder that keeps no number.
 */
import { describe, expect, it } from 'vitest';
import type { ReminderDetails } from '../../shared/api.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { DVLA_FIXTURES } from '../../lib/local/dvla.ts';
import { runJob } from '../support/job.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser } from '../support/stack.ts';

const stack = useTestStack();

/** The renewal that passed, before the renewed car's DVLA dates (2045-02-01 tax, 2045-03-14 MOT). */
const PASSED = '2044-12-01';
const carTax = (title: string, keptVehicle: Record<string, string> | null) => ({
  title,
  category: 'car_tax_mot',
  provider: 'DVSA',
  renewal_date: PASSED,
  repeats: 'yearly',
  kept_vehicle: keptVehicle,
});

describe('a kept registration', () => {
  it('moves its reminder to the DVLA’s new date at the roll forward; a failing DVLA or none rolls by the term', async () => {
    const user = await createUser(stack, { label: 'recheck' });
    const call = api(stack, user.accessToken);
    const details = async (id: string) =>
      (await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails;
    const mot = await addReminder(stack, user, carTax('MOT', { registration: 're45 new', follows: 'mot' }));
    const tax = await addReminder(
      stack,
      user,
      carTax('Car tax', { registration: DVLA_FIXTURES.renewed, follows: 'tax' }),
    );
    const failing = await addReminder(
      stack,
      user,
      carTax('Van MOT', { registration: DVLA_FIXTURES.failing, follows: 'mot' }),
    );
    const notKept = await addReminder(stack, user, carTax('Bike MOT', null));
    expect((await details(mot)).reminder.kept_vehicle).toEqual({ registration: 'RE45NEW', follows: 'mot' });

    const asked = stack.dvlaRequests.length;
    // The day before the roll asks nothing.
    await runJob(stack, { trigger: 'cli', date: addDays(PASSED, 13) });
    expect(stack.dvlaRequests.length).toBe(asked);

    const run = await runJob(stack, { trigger: 'cli', date: addDays(PASSED, 14) });
    expect(run.rolled).toBe(4);
    expect((await details(mot)).reminder).toMatchObject({
      renewal_date: '2045-03-14',
      term_anchor: '2045-03-14',
      term_started: PASSED,
    });
    expect((await details(tax)).reminder).toMatchObject({
      renewal_date: '2045-02-01',
      term_anchor: '2045-02-01',
    });
    expect((await details(failing)).reminder).toMatchObject({
      renewal_date: '2045-12-01',
      term_anchor: PASSED,
    });
    expect((await details(notKept)).reminder.renewal_date).toBe('2045-12-01');
    expect((await details(mot)).history).toEqual([
      expect.objectContaining({ result: 'rolled_forward', term_to: PASSED }),
    ]);
    // One question per kept number; none for the reminder that keeps none.
    expect(stack.dvlaRequests.slice(asked).sort()).toEqual(
      [DVLA_FIXTURES.failing, DVLA_FIXTURES.renewed, DVLA_FIXTURES.renewed].sort(),
    );

    // A re-run of the day rolls and asks nothing again.
    expect((await runJob(stack, { trigger: 'cli', date: addDays(PASSED, 14) })).rolled).toBe(0);
    expect(stack.dvlaRequests.length).toBe(asked + 3);
  });

  it('is for Car Tax / MOT only, a valid number, and forgotten by an edit that unticks it', async () => {
    const user = await createUser(stack, { label: 'recheck-rules' });
    const call = api(stack, user.accessToken);
    const insurance = {
      ...carTax('Home insurance', { registration: 'AB12CDE', follows: 'mot' }),
      category: 'insurance',
    };
    expectFieldErrors(await call('POST', '/api/reminders', insurance), {
      kept_vehicle: [MESSAGES.vehicleNotCarTax],
    });
    const bad = await call(
      'POST',
      '/api/reminders',
      carTax('MOT', { registration: 'not a plate!', follows: 'mot' }),
    );
    expect(bad.status).toBe(400);
    const odd = await call(
      'POST',
      '/api/reminders',
      carTax('MOT', { registration: 'AB12CDE', follows: 'insurance' }),
    );
    expect(odd.status).toBe(400);

    const id = await addReminder(stack, user, carTax('MOT', { registration: 'AB12CDE', follows: 'mot' }));
    const edited = await call('PUT', `/api/reminders/${id}`, carTax('MOT', null));
    expect(edited.status, edited.text).toBe(200);
    expect(
      ((await call('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails).reminder.kept_vehicle,
    ).toBeNull();
  });
});
