/**
 * A car's MOT and its tax are two renewals, each with its own action windows, on the local stand-ins:
 * after 'Add both' (the DVLA look-up's two reminders, as the dialog makes them), the reminder job mails
 * 'You can take your MOT from today' for the MOT only, on the MOT window's day and on the day the tax
 * would have had one, and the calendar feed carries it for the MOT only. A reminder stored before
 * 'What is due?' reads from its title; a value off the list, on another category or against the kept
 * registration is refused in words.
 */
import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import type { CalendarLink, ReminderDetails } from '../../shared/api.ts';
import { reminderInputSchema } from '../../shared/schemas/reminder.ts';
import { bothReminderDrafts, VEHICLE_MESSAGES, type VehicleDates } from '../../shared/vehicles.ts';
import { DVLA_FIXTURES } from '../../lib/local/dvla.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';
import { storedWithout } from '../support/table.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** The renewed car's DVLA dates: tax due 01/02/2045, MOT due 14/03/2045. */
const MOT_WINDOW = '2045-02-15';
/** A month minus a day before the tax date: where an MOT window on the tax reminder would fall. */
const TAX_MONTH_BEFORE = '2045-01-02';
const MOT_SUBJECT = 'Volkswagen MOT with DVSA: you can take your MOT from today and keep your date';

/** 'Add both' for the renewed car: the look-up over HTTP, then the dialog's two reminders posted. */
async function addBoth(user: TestUser): Promise<{ mot: string; tax: string }> {
  const call = api(stack, user.accessToken);
  const found = await call('POST', '/api/vehicles/lookup', { registration: DVLA_FIXTURES.renewed });
  const dates = found.json as unknown as VehicleDates & { mot_due: string; tax_due: string };
  expect([dates.mot_due, dates.tax_due]).toEqual(['2045-03-14', '2045-02-01']);
  const [mot, tax] = bothReminderDrafts(dates, null).map((draft) => reminderInputSchema.parse(draft));
  return {
    mot: await addReminder(stack, user, { ...mot! }),
    tax: await addReminder(stack, user, { ...tax! }),
  };
}

/** An all-day event's date as node-ical gives it (midnight local time). */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The calendar feed's action-window events: [day, summary]. */
async function windowEvents(user: TestUser): Promise<string[][]> {
  const { link } = (await api(stack, user.accessToken)('GET', '/api/me/calendar')).json as {
    link: CalendarLink;
  };
  const text = await (await fetch(`${stack.appUrl}${new URL(link.https_url).pathname}`)).text();
  return Object.values(ical.sync.parseICS(text))
    .filter((c): c is VEvent => c?.type === 'VEVENT' && String(c.uid).includes('-window-'))
    .map((e) => [isoDay(e.start), String(e.summary)]);
}

describe('a car’s MOT and its tax', () => {
  it('Add both, then the job: the MOT window is mailed for the MOT only, and the feed has it for the MOT only', async () => {
    const user = await createUser(stack, { label: 'motandtax' });
    const ids = await addBoth(user);
    const details = async (id: string) =>
      ((await api(stack, user.accessToken)('GET', `/api/reminders/${id}`)).json as unknown as ReminderDetails)
        .reminder;
    expect([(await details(ids.mot)).vehicle_date, (await details(ids.tax)).vehicle_date]).toEqual([
      'mot',
      'tax',
    ]);

    expect(await windowEvents(user)).toEqual([
      [MOT_WINDOW, 'You can take your MOT from today and keep your date: Volkswagen MOT (DVSA)'],
    ]);

    const windowMails = [];
    for (const date of [TAX_MONTH_BEFORE, MOT_WINDOW]) {
      const run = await runJob(stack, { date, trigger: 'cli' });
      expect(run.errors).toEqual([]);
      windowMails.push(...run.mails.filter((m) => m.userId === user.sub && m.type === 'window'));
    }
    expect(windowMails.map((m) => [m.reminderId, m.status])).toEqual([[ids.mot, 'sent']]);
    const subjects = (await mailsTo(stack, user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('MOT from today'))).toEqual([MOT_SUBJECT]);
    // The tax still has its own lead mails: 30 days before its date is the first run's day.
    expect(subjects).toContain(
      'Your Volkswagen car tax with DVLA is due in 30 days (Wednesday 1 February 2045)',
    );
  });

  it('reads a reminder stored before ‘What is due?’ from its title: the MOT gets its window, the tax none', async () => {
    const user = await createUser(stack, { label: 'oldcar' });
    const old = async (title: string) => {
      const id = await addReminder(stack, user, {
        title,
        category: 'car_tax_mot',
        provider: 'DVLA',
        renewal_date: '2046-05-15',
        repeats: 'yearly',
      });
      // As an item written before the field: without the attribute at all.
      await storedWithout(user.sub, id, ['vehicle_date']);
      return id;
    };
    await old('Bike MOT');
    await old('Bike road tax');
    expect(await windowEvents(user)).toEqual([
      ['2046-04-16', 'You can take your MOT from today and keep your date: Bike MOT (DVLA)'],
    ]);
  });

  it('refuses what is due off the list, on another category, or against the kept registration', async () => {
    const user = await createUser(stack, { label: 'whatisdue' });
    const post = (body: Record<string, unknown>) =>
      api(stack, user.accessToken)('POST', '/api/reminders', {
        title: 'Golf',
        category: 'car_tax_mot',
        provider: 'DVSA',
        renewal_date: '2046-05-15',
        ...body,
      });
    expectFieldErrors(await post({ vehicle_date: 'insurance' }), {
      vehicle_date: [VEHICLE_MESSAGES.whatIsDueInvalid],
    });
    expectFieldErrors(await post({ category: 'insurance', vehicle_date: 'mot' }), {
      vehicle_date: [VEHICLE_MESSAGES.whatIsDueNotCarTax],
    });
    expectFieldErrors(
      await post({ vehicle_date: 'tax', kept_vehicle: { registration: 'AB12CDE', follows: 'mot' } }),
      { vehicle_date: [VEHICLE_MESSAGES.whatIsDueNotKept] },
    );
  });
});
