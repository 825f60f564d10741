/**
 * The private calendar feed on the local stand-ins, read back with an independent parser (node-ical):
 * one all-day event per active reminder and one per act-by date, an alarm per lead day, the
 * description's provider, amount and link; caching headers; the feed follows edits, roll forwards and
 * deletions; 'Reset link' makes the old address answer 404 at once; only a live token opens a feed.
 * And 'Download my data': the user's whole partition, and nothing of anyone else's.
 */
import { describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import type { CalendarLink, MyData } from '../../shared/api.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { queryAll } from '../../lambdas/store/db.ts';
import { useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';
import { eventToken } from '../support/calendar.ts';
import {
  EVENT_LINK_DAYS_AFTER,
  grantIsLive,
  openEventToken,
  reminderEventUrl,
} from '../../lambdas/runtime/eventLink.ts';
import { getProfile } from '../../lambdas/store/account/index.ts';
import { aDraft } from '../support/builders.ts';

const stack = useTestStack();

const reminder = (extra: Record<string, unknown> = {}) => ({
  ...aDraft({ title: 'Home insurance', provider: 'Aviva', renewal_date: '2031-03-31' }),
  ...extra,
});

async function linkOf(user: TestUser): Promise<CalendarLink> {
  const response = await api(stack, user.accessToken)('GET', '/api/me/calendar');
  expect(response.status).toBe(200);
  return (response.json as { link: CalendarLink }).link;
}

/** The feed at `link`, fetched from the local app (the address names the site's own origin). */
async function feed(link: string) {
  const url = new URL(link);
  return fetch(`${stack.appUrl}${url.pathname}`);
}

async function events(link: string): Promise<VEvent[]> {
  const response = await feed(link);
  expect(response.status).toBe(200);
  const parsed = ical.sync.parseICS(await response.text());
  return Object.values(parsed)
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .sort((a, b) => String(a.summary).localeCompare(String(b.summary)));
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('the calendar feed', () => {
  it('holds each active reminder’s renewal and act-by dates, an alarm per lead day, and a link', async () => {
    const user = await createUser(stack, { label: 'feed' });
    const call = api(stack, user.accessToken);
    const insured = await addReminder(stack, user, reminder({ act_by: '2031-03-01', lead_days: [30, 7, 0] }));
    await addReminder(
      stack,
      user,
      reminder({
        title: 'Gym',
        category: 'subscriptions',
        provider: 'PureGym',
        amount: null,
        renewal_date: '2031-05-01',
      }),
    );
    const cancelled = await addReminder(stack, user, reminder({ title: 'Old phone' }));
    await call('POST', `/api/reminders/${cancelled}/savings`, { outcome: 'no_saving', cancelled: true });

    const link = await linkOf(user);
    expect(link.https_url).toMatch(new RegExp(`^${stack.appUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(link.webcal_url).toBe(link.https_url.replace(/^https?:/, 'webcal:'));
    // The same address each time it is asked for.
    expect(await linkOf(user)).toEqual(link);

    const response = await feed(link.https_url);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');

    const all = await events(link.https_url);
    expect(all.map((e) => String(e.summary))).toEqual([
      'Gym renews (PureGym)',
      'Home insurance renews (Aviva)',
      'Last day to act: Home insurance (Aviva)',
    ]);
    const [gym, renewal, actBy] = all as [VEvent, VEvent, VEvent];
    // All-day events on the right dates.
    for (const [event, date] of [
      [gym, '2031-05-01'],
      [renewal, '2031-03-31'],
      [actBy, '2031-03-01'],
    ] as const) {
      expect(event.datetype).toBe('date');
      expect(isoDay(event.start)).toBe(date);
    }
    // One alarm per lead mail: the reminder's own days, or the category's, on the date the mails
    // count down to (the act-by date when set: the renewal then carries none, not a second set).
    expect(renewal.alarms ?? []).toHaveLength(0);
    expect(actBy.alarms).toHaveLength(3);
    expect(gym.alarms).toHaveLength(4);
    // 09:00 on each day: 30 and 7 days before, and on the day itself (after the day's start).
    const trigger = (t: unknown) =>
      typeof t === 'object' && t !== null
        ? (t as { params: unknown; val: string })
        : { params: {}, val: String(t) };
    expect(actBy.alarms!.map((a) => trigger(a.trigger))).toEqual([
      { params: { RELATED: 'START' }, val: '-P29DT15H' },
      { params: { RELATED: 'START' }, val: '-P6DT15H' },
      { params: { RELATED: 'START' }, val: 'PT9H' },
    ]);
    expect(String(actBy.alarms![2]!.description)).toBe('Last day to act on Home insurance today');
    const url = `${stack.appUrl}/reminders/${insured}`;
    expect(String(renewal.description)).toBe(`Provider: Aviva\nAmount: £480.00\nOpen it: ${url}`);
    expect(String(gym.description)).toContain('Amount: not given');
    expect(renewal.url).toEqual({ params: { VALUE: 'URI' }, val: url });
    // Stable ids: a calendar updates the event when the reminder moves.
    expect(renewal.uid).toBe(`${insured}-renewal`);
  });

  it('rings on the very days the reminder mails go, for a reminder with an act-by date', async () => {
    const user = await createUser(stack, { label: 'alarms' });
    await addReminder(
      stack,
      user,
      reminder({ renewal_date: '2032-03-31', act_by: '2032-03-01', lead_days: [30, 7, 0] }),
    );
    const all = await events((await linkOf(user)).https_url);
    // Each alarm's day: the event's day less the whole days before it (09:00 that day).
    const alarmDays = all.flatMap((event) =>
      (event.alarms ?? []).map((alarm) => {
        const val = String((alarm.trigger as unknown as { val?: string }).val ?? alarm.trigger);
        const [, sign, days = '0', hours = '0'] = /^(-?)P(?:(\d+)D)?T?(?:(\d+)H)?$/.exec(val)!;
        const before = sign === '-' ? Number(days) + (Number(hours) > 0 ? 1 : 0) : 0;
        const start = isoDay(event.start);
        return new Date(Date.parse(`${start}T00:00:00Z`) - before * 86_400_000).toISOString().slice(0, 10);
      }),
    );
    expect(alarmDays.sort()).toEqual(['2032-01-31', '2032-02-23', '2032-03-01']);
    // The job mails this reminder on each of those days, and not the day before any of them.
    for (const day of alarmDays) {
      const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await runJob(stack, { date: before, trigger: 'cli' });
      expect(
        (await mailsTo(stack, user.email)).filter((m) => m.subject.includes('Home insurance')),
      ).toHaveLength(alarmDays.indexOf(day));
      await runJob(stack, { date: day, trigger: 'cli' });
      expect(
        (await mailsTo(stack, user.email)).filter((m) => m.subject.includes('Home insurance')),
      ).toHaveLength(alarmDays.indexOf(day) + 1);
    }
  });

  it('follows edits and deletions, and the reset makes the old address answer 404 at once', async () => {
    const user = await createUser(stack, { label: 'follow' });
    const call = api(stack, user.accessToken);
    const id = await addReminder(stack, user, reminder());
    const link = await linkOf(user);
    // The renewal, and its best day for quotes 26 days before (an event of its own).
    expect((await events(link.https_url)).map((e) => isoDay(e.start))).toEqual(['2031-03-05', '2031-03-31']);

    expect((await call('PUT', `/api/reminders/${id}`, reminder({ renewal_date: '2031-04-15' }))).status).toBe(
      200,
    );
    expect((await events(link.https_url)).map((e) => isoDay(e.start))).toEqual(['2031-03-20', '2031-04-15']);
    // An outcome that rolls it forward moves the event too.
    await call('POST', `/api/reminders/${id}/savings`, {
      outcome: 'no_saving',
      next_renewal_date: '2032-04-15',
    });
    expect((await events(link.https_url)).map((e) => isoDay(e.start))).toEqual(['2032-03-20', '2032-04-15']);
    expect((await call('DELETE', `/api/reminders/${id}`)).status).toBe(204);
    expect(await events(link.https_url)).toEqual([]);

    const reset = await call('POST', '/api/me/calendar');
    expect(reset.status).toBe(200);
    const fresh = (reset.json as { link: CalendarLink }).link;
    expect(fresh.https_url).not.toBe(link.https_url);
    expect((await feed(link.https_url)).status).toBe(404);
    expect((await feed(fresh.https_url)).status).toBe(200);
    expect(await linkOf(user)).toEqual(fresh);
  });

  it('opens only with a live token: forged, malformed and deleted accounts’ tokens do not', async () => {
    const user = await createUser(stack, { label: 'gone' });
    const link = await linkOf(user);
    const path = new URL(link.https_url).pathname;
    const token = path.split('/').at(-1)!.replace('.ics', '');
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await fetch(`${stack.appUrl}/api/calendar/${forged}.ics`)).status).toBe(404);
    expect((await fetch(`${stack.appUrl}/api/calendar/${token}`)).status).toBe(200);
    // HEAD answers as GET does, without the body (it used to be a 404).
    const head = await fetch(`${stack.appUrl}/api/calendar/${token}.ics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await head.text()).toBe('');
    expect((await fetch(`${stack.appUrl}/api/calendar/${forged}`, { method: 'HEAD' })).status).toBe(404);
    for (const bad of ['short', `${token}x`, `${token}.ics.ics`, '..%2Fme'])
      expect((await fetch(`${stack.appUrl}/api/calendar/${bad}`)).status).toBe(400);
    expect((await api(stack, user.accessToken)('DELETE', '/api/me')).status).toBe(204);
    expect((await feed(link.https_url)).status).toBe(404);
  });
});

describe('download my data', () => {
  it('holds every item of the user’s partition that is theirs to see, and nothing of another user', async () => {
    const [user, other] = await Promise.all([
      createUser(stack, { label: 'mine' }),
      createUser(stack, { label: 'theirs' }),
    ]);
    const call = api(stack, user.accessToken);
    const kept = await addReminder(stack, user, reminder({ repeats: 'yearly' }));
    const cancelled = await addReminder(stack, user, reminder({ title: 'Gym', category: 'subscriptions' }));
    await call('POST', `/api/reminders/${kept}/savings`, {
      outcome: 'saved',
      saved_amount: '40',
      next_renewal_date: '2032-03-31',
    });
    await call('POST', `/api/reminders/${cancelled}/savings`, { outcome: 'no_saving', cancelled: true });
    await addReminder(stack, other, reminder({ title: 'Someone else’s' }));
    await linkOf(user);

    const response = await call('GET', '/api/me/data');
    expect(response.status).toBe(200);
    const data = response.json as unknown as MyData;
    expect(data.profile).toMatchObject({ user_id: user.sub, email: user.email, calendar_feed_hash: null });
    expect(data.reminders.map((r) => r.id).sort()).toEqual([kept, cancelled].sort());
    expect(data.reminders.find((r) => r.id === cancelled)?.archived_at).not.toBeNull();
    expect(data.outcomes.map((o) => [o.reminder_id, o.result]).sort()).toEqual(
      [
        [kept, 'negotiated'],
        [cancelled, 'cancelled'],
      ].sort(),
    );
    expect(data.savings_total).toBe(40);
    // The mails sent: the welcome mail at least, with type, date and subject only.
    expect(data.mails.length).toBeGreaterThanOrEqual(1);
    for (const mail of data.mails) expect(Object.keys(mail).sort()).toEqual(['sent_at', 'subject', 'type']);
    // Every reminder, outcome and sent mail of the partition is in the file; nothing names the other user.
    const partition = await queryAll({ pk: keys.user(user.sub) });
    const count = (entity: string) => partition.filter((item) => item.entity === entity).length;
    expect(data.reminders).toHaveLength(count(ENTITY.reminder));
    expect(data.outcomes).toHaveLength(count(ENTITY.saving));
    expect(JSON.stringify(data)).not.toContain(other.sub);
    expect(JSON.stringify(data)).not.toContain('Someone else');
  });
});

describe('Add to calendar, in a reminder mail', () => {
  it('links to that renewal’s events as an .ics file, under an opaque token that names nobody', async () => {
    const user = await createUser(stack, { label: 'mailed' });
    const call = api(stack, user.accessToken);
    // Windows off: its missed best day for quotes would go late in the same mail, under its own subject.
    const id = await addReminder(
      stack,
      user,
      reminder({ renewal_date: '2041-06-30', lead_days: [7], action_windows: false }),
    );
    await runJob(stack, { trigger: 'cli', date: '2041-06-23' });
    const mail = (await mailsTo(stack, user.email)).at(-1)!;
    expect(mail.subject).toBe('Your Home insurance with Aviva renews in 7 days (Sunday 30 June 2041)');
    const href = /href="([^"]*\/api\/calendar\/event\/[^"]*)"/.exec(mail.body.html ?? '')?.[1];
    expect(href).toMatch(/\/api\/calendar\/event\/[A-Za-z0-9_-]{40,400}\.ics$/);
    // Neither the owner's sub nor the reminder's id can be read off the link.
    expect(href).not.toContain(user.sub);
    expect(href).not.toContain(id);
    expect(mail.body.text).toContain(`Add to calendar ${href}`);

    const path = new URL(href!).pathname;
    const response = await fetch(`${stack.appUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="renewal.ics"');
    const [event] = Object.values(ical.sync.parseICS(await response.text())).filter(
      (c) => c?.type === 'VEVENT',
    );
    expect(event).toMatchObject({ summary: 'Home insurance renews (Aviva)', uid: `${id}-renewal` });

    // Sealed: a token altered anywhere opens nothing.
    const token = path
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    for (const at of [0, Math.floor(token.length / 2), token.length - 1]) {
      const altered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
      expect((await fetch(`${stack.appUrl}/api/calendar/event/${altered}.ics`)).status, String(at)).toBe(404);
    }
    // A cancelled reminder's link opens nothing either.
    await call('POST', `/api/reminders/${id}/savings`, { outcome: 'no_saving', cancelled: true });
    expect((await fetch(`${stack.appUrl}${path}`)).status).toBe(404);
  });

  it('is revoked by ‘Reset link’ with the feed, but not by asking for the feed’s address', async () => {
    const user = await createUser(stack, { label: 'revoked' });
    await addReminder(stack, user, reminder({ renewal_date: '2041-06-30' }));
    const before = await eventToken(user.sub);
    const open = (token: string) => fetch(`${stack.appUrl}/api/calendar/event/${token}.ics`);
    expect((await open(before)).status).toBe(200);
    expect((await api(stack, user.accessToken)('GET', '/api/me/calendar')).status).toBe(200);
    expect((await open(before)).status).toBe(200);
    expect((await api(stack, user.accessToken)('POST', '/api/me/calendar')).status).toBe(200);
    expect((await open(before)).status).toBe(404);
    // A link mailed after the reset works.
    expect((await open(await eventToken(user.sub))).status).toBe(200);
  });

  it('is revoked by the first ‘Reset link’ of a feed never shown (generation 0 and 1 are one)', async () => {
    const user = await createUser(stack, { label: 'first-reset' });
    await addReminder(stack, user, reminder({ renewal_date: '2041-06-30' }));
    const mailed = await eventToken(user.sub);
    const open = (token: string) => fetch(`${stack.appUrl}/api/calendar/event/${token}.ics`);
    expect((await getProfile(user.sub))!.calendar_version).toBe(0);
    expect((await open(mailed)).status).toBe(200);
    expect((await api(stack, user.accessToken)('POST', '/api/me/calendar')).status).toBe(200);
    expect((await open(mailed)).status).toBe(404);
    expect((await open(await eventToken(user.sub))).status).toBe(200);
  });

  it(`expires ${EVENT_LINK_DAYS_AFTER} days after the date the mail counted down to`, async () => {
    const user = await createUser(stack, { label: 'expired' });
    const profile = (await getProfile(user.sub))!;
    const past = { id: 'r-past', renewal_date: '2020-01-01', act_by: null };
    const url = await reminderEventUrl(profile, past);
    const grant = (await openEventToken(
      url
        .split('/')
        .at(-1)!
        .replace(/\.ics$/, ''),
    ))!;
    expect(grant.expires).toBe('2020-01-31');
    expect(grantIsLive(grant, profile.calendar_version, '2020-01-31')).toBe(true);
    expect(grantIsLive(grant, profile.calendar_version, '2020-02-01')).toBe(false);
    // Through the API, a real reminder's link from long ago opens nothing.
    const id = await addReminder(stack, user, reminder({ renewal_date: '2020-01-01' }));
    const old = await reminderEventUrl(profile, { id, renewal_date: '2020-01-01', act_by: null });
    expect((await fetch(`${stack.appUrl}${new URL(old).pathname}`)).status).toBe(404);
  });

  it('is rate-limited per token, as the feed is', async () => {
    const user = await createUser(stack, { label: 'limited' });
    await addReminder(stack, user, reminder({ renewal_date: '2041-06-30' }));
    const token = await eventToken(user.sub);
    // 30 a minute in fixed windows: more than two windows can take, so a minute boundary cannot hide it.
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++)
      statuses.push((await fetch(`${stack.appUrl}/api/calendar/event/${token}.ics`)).status);
    expect(statuses).toContain(429);
    expect(statuses[0]).toBe(200);
  });
});
