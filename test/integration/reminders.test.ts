import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { remindersWithMailDue } from '../../lambdas/store/reminders/index.ts';
import { readCounters } from '../../lambdas/store/counters.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { api, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack();
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([
    createUser(stack, { label: 'alice' }),
    createUser(stack, { label: 'bob' }),
  ]);
});

const valid = {
  title: 'Home Insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2027-03-01',
  amount: 412.35,
  notes: 'Check the no-claims discount',
};

describe('reminders API against the local stack', () => {
  it('creates, lists (renewal date ascending), updates and deletes a reminder', async () => {
    const call = api(stack, alice.accessToken);
    const later = await call('POST', '/api/reminders', {
      ...valid,
      title: 'Later',
      renewal_date: '2027-06-01',
    });
    const sooner = await call('POST', '/api/reminders', {
      ...valid,
      title: 'Sooner',
      renewal_date: '2027-01-15',
      amount: null,
      notes: '',
    });
    expect(later.status).toBe(201);
    expect(sooner.status).toBe(201);
    const created = (sooner.json as { reminder: Record<string, unknown> }).reminder;
    expect(created).toMatchObject({ title: 'Sooner', amount: null, notes: null, user_id: alice.sub });

    const list = await call('GET', '/api/reminders');
    const titles = (list.json as { reminders: { title: string }[] }).reminders.map((r) => r.title);
    expect(titles.indexOf('Sooner')).toBeLessThan(titles.indexOf('Later'));

    const updated = await call('PUT', `/api/reminders/${created.id as string}`, {
      ...valid,
      title: 'Sooner (edited)',
      category: 'mortgage',
    });
    expect(updated.status).toBe(200);
    expect((updated.json as { reminder: Record<string, unknown> }).reminder).toMatchObject({
      id: created.id,
      title: 'Sooner (edited)',
      category: 'mortgage',
      created_at: created.created_at,
    });

    expect((await call('DELETE', `/api/reminders/${created.id as string}`)).status).toBe(204);
    expect((await call('DELETE', `/api/reminders/${created.id as string}`)).status).toBe(404);
    const after = (await call('GET', '/api/reminders')).json as { reminders: { id: string }[] };
    expect(after.reminders.map((r) => r.id)).not.toContain(created.id);
  });

  it('takes the owner from the token, never from the body', async () => {
    const response = await api(stack, alice.accessToken)('POST', '/api/reminders', {
      ...valid,
      user_id: bob.sub,
    });
    expect((response.json as { reminder: { user_id: string } }).reminder.user_id).toBe(alice.sub);
    const bobs = (await api(stack, bob.accessToken)('GET', '/api/reminders')).json as {
      reminders: unknown[];
    };
    expect(bobs.reminders).toHaveLength(0);
  });

  it("gives 404 for another user's reminder and leaves it untouched", async () => {
    const mine = await api(stack, alice.accessToken)('POST', '/api/reminders', {
      ...valid,
      title: 'Private',
    });
    const id = (mine.json as { reminder: { id: string } }).reminder.id;
    const asBob = api(stack, bob.accessToken);
    expect((await asBob('PUT', `/api/reminders/${id}`, { ...valid, title: 'Hijacked' })).status).toBe(404);
    expect((await asBob('DELETE', `/api/reminders/${id}`)).status).toBe(404);
    const list = (await api(stack, alice.accessToken)('GET', '/api/reminders')).json as {
      reminders: { id: string; title: string }[];
    };
    expect(list.reminders.find((r) => r.id === id)?.title).toBe('Private');
  });

  it("answers bad input with 400 and the shared schema's messages, and stores nothing", async () => {
    const call = api(stack, alice.accessToken);
    const before = ((await call('GET', '/api/reminders')).json as { reminders: unknown[] }).reminders.length;

    const empty = await call('POST', '/api/reminders', {
      ...valid,
      title: '',
      provider: '',
      renewal_date: '',
    });
    expectFieldErrors(empty, {
      title: ['Title is required'],
      provider: ['Provider is required'],
      renewal_date: ['Renewal date is required'],
    });
    expect((await call('POST', '/api/reminders', { ...valid, category: 'pets' })).status).toBe(400);
    expect((await call('POST', '/api/reminders', { ...valid, renewal_date: '2027-02-30' })).status).toBe(400);
    expectFieldErrors(await call('POST', '/api/reminders', { ...valid, amount: -1 }), {
      amount: ['Amount cannot be negative'],
    });
    expect((await call('POST', '/api/reminders', '{not json')).status).toBe(400);
    expect((await call('POST', '/api/reminders')).status).toBe(400);
    expect((await call('PUT', '/api/reminders/not-a-uuid', valid)).status).toBe(400);

    const after = ((await call('GET', '/api/reminders')).json as { reminders: unknown[] }).reminders.length;
    expect(after).toBe(before);
  });

  it('never answers arbitrary JSON with a 5xx', async () => {
    const call = api(stack, alice.accessToken);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const response = await call('POST', '/api/reminders', JSON.stringify(body));
        expect([201, 400]).toContain(response.status);
      }),
      { numRuns: 40 },
    );
  });

  it('places reminders in the next-mail index at 08:00 in the owner’s zone, follows edits, and keeps counters', async () => {
    /** The index entry of the reminder due at or before `at`, if any. */
    const indexed = async (at: string, id: string) =>
      (await remindersWithMailDue(at)).find((entry) => entry.reminder.id === id)?.nextAt;
    const countersBefore = await readCounters();
    const created = await api(stack, bob.accessToken)('POST', '/api/reminders', {
      ...valid,
      renewal_date: '2031-05-17',
      category: 'car_tax_mot',
    });
    const id = (created.json as { reminder: { id: string } }).reminder.id;
    // Car tax: 30 days before is the first mail, at 08:00 London (BST, so 07:00 UTC).
    expect(await indexed('2031-04-17T06:59:59.999Z', id)).toBeUndefined();
    expect(await indexed('2031-04-17T07:00:00.000Z', id)).toBe('2031-04-17T07:00:00.000Z');

    await api(stack, bob.accessToken)('PUT', `/api/reminders/${id}`, {
      ...valid,
      renewal_date: '2031-05-18',
      category: 'car_tax_mot',
    });
    expect(await indexed('2031-04-17T07:00:00.000Z', id)).toBeUndefined();
    expect(await indexed('2031-04-18T07:00:00.000Z', id)).toBe('2031-04-18T07:00:00.000Z');

    const countersAfter = await readCounters();
    expect(countersAfter.reminders).toBe((countersBefore.reminders ?? 0) + 1);
    expect(countersAfter.category_car_tax_mot).toBe((countersBefore.category_car_tax_mot ?? 0) + 1);
  });
});
