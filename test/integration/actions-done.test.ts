/**
 * 'Done' on a 'This week' action, through the API on the local stand-ins: the mark is kept for the
 * current renewal, once however often it is asked, and two marks at once both stay; another user's
 * reminder is a 404 and a kind not on the list a 400; an outcome's roll forward drops the marks.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { useTestStack } from '../support/fixtures.ts';
import { addReminder, api, createUser } from '../support/stack.ts';

const stack = useTestStack();

const energy = (renewal: string) => ({
  title: 'Energy fix',
  category: 'utilities_energy',
  provider: 'Octopus',
  renewal_date: renewal,
  amount: 96,
  notes: null,
  billing: 'monthly',
  date_kind: 'deal_end',
});

describe('marking an action done', () => {
  it('keeps each mark once, both of two at once, and refuses what is not the caller’s or not on the list', async () => {
    const owner = await createUser(stack, { label: 'actions' });
    const renewal = '2031-06-30';
    const id = await addReminder(stack, owner, energy(renewal));
    const call = api(stack, owner.accessToken);
    const mark = (kind: string, reminderId = id, as = call) =>
      as('POST', `/api/reminders/${reminderId}/actions`, { kind });

    // An energy fix has two windows: no exit fees, and the end-of-fix notice. Both at once.
    const [first, second] = await Promise.all([mark('no_exit_fees'), mark('end_of_fix_notice')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const read = async () =>
      ((await call('GET', `/api/reminders/${id}`)).json as { reminder: Reminder }).reminder.actions_done;
    expect((await read()).sort()).toEqual([`${renewal}#end_of_fix_notice`, `${renewal}#no_exit_fees`]);
    // Again: nothing more.
    expect((await mark('no_exit_fees')).status).toBe(200);
    expect(await read()).toHaveLength(2);

    expect((await mark('make_tea')).status).toBe(400);
    const stranger = await createUser(stack, { label: 'stranger' });
    expect((await mark('no_exit_fees', id, api(stack, stranger.accessToken))).status).toBe(404);
    expect((await mark('no_exit_fees', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(await read()).toHaveLength(2);
  });

  it('drops the marks when the reminder moves on to its next deal', async () => {
    const owner = await createUser(stack, { label: 'actionsroll' });
    const renewal = addDays('2026-01-01', 10);
    const id = await addReminder(stack, owner, energy(renewal));
    const call = api(stack, owner.accessToken);
    expect((await call('POST', `/api/reminders/${id}/actions`, { kind: 'no_exit_fees' })).status).toBe(200);
    const outcome = await call('POST', `/api/reminders/${id}/savings`, {
      outcome: 'no_saving',
      next_renewal_date: '2027-12-31',
    });
    expect(outcome.status, outcome.text).toBe(201);
    const { reminder } = (await call('GET', `/api/reminders/${id}`)).json as { reminder: Reminder };
    expect(reminder.renewal_date).toBe('2027-12-31');
    expect(reminder.actions_done).toEqual([]);
  });
});
