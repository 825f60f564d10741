import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../lambdas/runtime/clients.ts';
import { keys } from '../../shared/table.ts';
import { readCounters } from '../../lambdas/store/counters.ts';
import { latestSends } from '../../lambdas/store/sends.ts';
import { ANONYMISED_EMAIL } from '../../lambdas/store/wholeAccount/index.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { addReminder, api, cognitoAttributes, createUser, signIn } from '../support/stack.ts';

const stack = useTestStack();

const reminder = {
  title: 'Energy',
  category: 'utilities_energy',
  provider: 'Octopus',
  renewal_date: '2027-02-01',
  amount: 95,
  notes: null,
};

describe('settings', () => {
  it('saves the profile and mirrors it onto the Cognito user', async () => {
    const user = await createUser(stack, { label: 'settings' });
    const call = api(stack, user.accessToken);
    const saved = await call('PUT', '/api/me', {
      first_name: 'Priya',
      last_name: 'Shah',
      country: 'DE',
      timezone: 'Europe/Berlin',
      marketing_consent: true,
    });
    expect(saved.status).toBe(200);
    const me = await call('GET', '/api/me');
    expect((me.json as { profile: Record<string, unknown> }).profile).toMatchObject({
      first_name: 'Priya',
      last_name: 'Shah',
      country: 'DE',
      timezone: 'Europe/Berlin',
      marketing_consent: true,
    });
    // A new profile gets one digest per run; the setting is kept when a save leaves it out.
    expect((me.json as { profile: Record<string, unknown> }).profile.email_per_renewal).toBe(false);
    const settings = { first_name: 'Priya', last_name: 'Shah', country: 'DE', timezone: 'Europe/Berlin' };
    await call('PUT', '/api/me', { ...settings, marketing_consent: true, email_per_renewal: true });
    await call('PUT', '/api/me', { ...settings, marketing_consent: true });
    const after = (await call('GET', '/api/me')).json as { profile: Record<string, unknown> };
    expect(after.profile.email_per_renewal).toBe(true);
    const refused = await call('PUT', '/api/me', {
      ...settings,
      marketing_consent: true,
      email_per_renewal: 'yes',
    });
    expect(refused.status).toBe(400);
    expect(await cognitoAttributes(stack, user.email)).toMatchObject({
      given_name: 'Priya',
      family_name: 'Shah',
      'custom:country': 'DE',
      'custom:marketing_consent': 'true',
    });
  });

  it("refuses invalid settings with the shared schema's messages and changes nothing", async () => {
    const user = await createUser(stack, { label: 'badsettings' });
    const call = api(stack, user.accessToken);
    const bad = await call('PUT', '/api/me', {
      first_name: '',
      last_name: 'x'.repeat(81),
      country: '',
      timezone: '',
      marketing_consent: 'yes',
    });
    expectFieldErrors(bad, {
      first_name: ['First name is required'],
      last_name: ['Last name must be 80 characters or less'],
      country: ['Country is required'],
      timezone: ['Timezone is required'],
    });
    const me = await call('GET', '/api/me');
    expect((me.json as { profile: { first_name: string } }).profile.first_name).toBe('Test');
  });
});

describe('hostile settings and titles', () => {
  it('refuses a country or time zone off the list, and no counter is created or changed', async () => {
    const user = await createUser(stack, { label: 'hostile' });
    const call = api(stack, user.accessToken);
    const before = await readCounters();
    for (const country of ['x'.repeat(5000), 'ZZ', 'GB ', 'country_GB']) {
      const bad = await call('PUT', '/api/me', {
        first_name: 'Ann',
        country,
        timezone: 'Europe/London',
        marketing_consent: false,
      });
      if (country === 'GB ') {
        expect(bad.status).toBe(200); // trimmed to an offered value
        continue;
      }
      expectFieldErrors(bad, { country: ['Choose a country from the list'] });
    }
    const zone = await call('PUT', '/api/me', {
      first_name: 'Ann',
      country: 'GB',
      timezone: 'Not/AZone'.padEnd(100_000, 'x'),
      marketing_consent: false,
    });
    expectFieldErrors(zone, { timezone: ['Choose a time zone from the list'] });
    const after = await readCounters();
    expect(Object.keys(after).filter((name) => !(name in before))).toEqual([]);
    expect(Object.keys(after).every((name) => name.length < 40)).toBe(true);
  });

  it('refuses a title with a line break, and stores nothing', async () => {
    const user = await createUser(stack, { label: 'crlf' });
    const call = api(stack, user.accessToken);
    const bad = await call('POST', '/api/reminders', {
      ...reminder,
      title: 'Energy\r\nBcc: victim@example.com',
    });
    expectFieldErrors(bad, { title: ['Line breaks and control characters are not allowed'] });
    const list = await call('GET', '/api/reminders');
    expect((list.json as { reminders: unknown[] }).reminders).toEqual([]);
  });
});

describe('savings', () => {
  it('records outcomes by the amount rules and totals only what was saved', async () => {
    const user = await createUser(stack, { label: 'savings' });
    const call = api(stack, user.accessToken);
    // One outcome per renewal: three renewals, three outcomes.
    const [id, second, third] = [
      await addReminder(stack, user, reminder),
      await addReminder(stack, user, reminder),
      await addReminder(stack, user, reminder),
    ];

    expect(
      (await call('POST', `/api/reminders/${id}/savings`, { outcome: 'saved', saved_amount: '120.50' }))
        .status,
    ).toBe(201);
    expect(
      (await call('POST', `/api/reminders/${second}/savings`, { outcome: 'no_saving', saved_amount: '999' }))
        .status,
    ).toBe(201);
    const capped = await call('POST', `/api/reminders/${third}/savings`, {
      outcome: 'saved',
      saved_amount: '5000000',
    });
    expect((capped.json as { savings: { saved_amount: number } }).savings.saved_amount).toBe(1_000_000);

    for (const [amount, message] of [
      ['-5', 'Amount cannot be negative'],
      ['12.345', 'Please enter a valid amount with max 2 decimal places'],
      ['1'.repeat(21), 'Please enter a reasonable amount'],
    ] as const) {
      const response = await call('POST', `/api/reminders/${id}/savings`, {
        outcome: 'saved',
        saved_amount: amount,
      });
      expectFieldErrors(response, { saved_amount: [message] });
    }

    const summary = (await call('GET', '/api/savings')).json as { total: number; records: unknown[] };
    expect(summary.records).toHaveLength(3);
    expect(summary.total).toBe(1_000_120.5);
  });

  it("refuses to record savings against another user's reminder", async () => {
    const owner = await createUser(stack, { label: 'sowner' });
    const other = await createUser(stack, { label: 'sother' });
    const id = await addReminder(stack, owner, reminder);
    const response = await api(stack, other.accessToken)('POST', `/api/reminders/${id}/savings`, {
      outcome: 'saved',
      saved_amount: '10',
    });
    expect(response.status).toBe(404);
    expect((await api(stack, other.accessToken)('GET', `/api/reminders/${id}`)).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('removes every item, the Cognito user and the counters, and the old password no longer works', async () => {
    const user = await createUser(stack, { label: 'deleteme' });
    const call = api(stack, user.accessToken);
    const id = await addReminder(stack, user, reminder);
    await call('POST', `/api/reminders/${id}/savings`, { outcome: 'saved', saved_amount: '10' });
    const before = await readCounters();

    expect((await call('DELETE', '/api/me')).status).toBe(204);

    const left = await dynamo().send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.user(user.sub) },
      }),
    );
    expect(left.Items).toHaveLength(0);
    await expect(
      stack.cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: user.email })),
    ).rejects.toThrow(/not exist|not found/i);
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();

    // The welcome mail's send record stays in the mail log, naming no one.
    const sends = await latestSends(100);
    expect(sends.some((send) => send.to_email === user.email || send.user_id === user.sub)).toBe(false);
    expect(sends.some((send) => send.email_type === 'welcome' && send.to_email === ANONYMISED_EMAIL)).toBe(
      true,
    );

    const after = await readCounters();
    expect(after.users).toBe((before.users ?? 0) - 1);
    expect(after.reminders).toBe((before.reminders ?? 0) - 1);
    expect(after.savings_total_pence).toBe((before.savings_total_pence ?? 0) - 1000);
    // A founding-member place is not handed back.
    expect(after.signups).toBe(before.signups);
  });
});

describe('public endpoints', () => {
  it('reports the founding-member places left', async () => {
    const before = (await api(stack)('GET', '/api/promotion')).json as {
      places_total: number;
      places_left: number;
    };
    await createUser(stack, { label: 'promo' });
    const after = (await api(stack)('GET', '/api/promotion')).json as {
      places_total: number;
      places_left: number;
    };
    expect(after.places_total).toBe(1000);
    expect(after.places_left).toBe(before.places_left - 1);
  });

  it('logs not-found paths, refuses bad reports, and rate-limits', async () => {
    const report = (path: unknown) => api(stack)('POST', '/api/not-found', { path });
    expect((await report('/nope')).status).toBe(202);
    expect((await report('no-slash')).status).toBe(400);
    expect((await report('/' + 'a'.repeat(400))).status).toBe(400);
    // The limit is 60 a minute in fixed windows: a burst that straddles a minute boundary spreads over
    // two windows, so send more than two windows can take without a 429.
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await report(`/flood-${i}`)).status);
    expect(statuses).toContain(429);
  });
});
