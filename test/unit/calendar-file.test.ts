/**
 * The calendar files as a calendar client reads them: every file (the feed and a reminder's 'Add to
 * calendar' file) parsed by ical.js (Mozilla's parser) and node-ical, and held to RFC 5545's line
 * rules; text with a backslash, comma and semicolon read back as written; DTSTAMP, LAST-MODIFIED and
 * SEQUENCE follow the reminder's last change; an act-by reminder's alarms are on one event only.
 */
import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import {
  alarmTitle,
  calendarText,
  eventSequence,
  reminderEventText,
} from '../../lambdas/features/calendar/feed.ts';
import { aReminder } from '../support/builders.ts';

const SITE = 'https://renewals.example.com';

const reminder = (over: Partial<Reminder> = {}): Reminder =>
  aReminder({
    renewal_date: '2031-03-31',
    amount: 480,
    notes: null,
    term_anchor: '2031-03-31',
    updated_at: '2026-02-03T04:05:06.000Z',
    ...over,
  });

/** RFC 5545 section 3.1: CRLF after every line, the last too; at most 75 octets a line; folds start with a space. */
function expectContentLines(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(line).not.toBe('');
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
}

/** The events as ical.js reads them. */
function icalJsEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

function nodeIcalEvents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

const TRICKY = { title: 'Back\\slash; semi, comma', provider: 'M&S \\ Bank' };

describe('the calendar files', () => {
  const files = {
    feed: calendarText([reminder(TRICKY), reminder({ id: 'b2', act_by: '2031-03-01' })], SITE),
    'the Add to calendar file': reminderEventText(reminder(TRICKY), SITE),
  };

  for (const [name, text] of Object.entries(files)) {
    it(`${name}: keeps RFC 5545's line rules, and both parsers read every text back as written`, () => {
      expectContentLines(text);
      const { events } = icalJsEvents(text);
      const summary = `${TRICKY.title} renews (${TRICKY.provider})`;
      expect(events[0]!.getFirstPropertyValue('summary')).toBe(summary);
      expect(String(events[0]!.getFirstPropertyValue('description'))).toContain(
        `Provider: ${TRICKY.provider}`,
      );
      expect(nodeIcalEvents(text)[0]!.summary).toBe(summary);
    });
  }

  it('names the feed and sets its refresh; the one-reminder file is a plain event file', () => {
    const feed = icalJsEvents(files.feed).calendar;
    expect(feed.getFirstPropertyValue('x-wr-calname')).toBe('Renewal Reminders');
    expect(feed.getFirstProperty('refresh-interval')).not.toBeNull();
    const single = files['the Add to calendar file'];
    expect(single).not.toMatch(/^(NAME|X-WR-CALNAME|REFRESH-INTERVAL|X-PUBLISHED-TTL)[;:]/m);
  });

  it('stamps each event with the reminder’s last change, and its SEQUENCE grows with every change', () => {
    const before = reminder();
    const moved = reminder({ renewal_date: '2031-04-30', updated_at: '2026-02-03T04:05:07.000Z' });
    const [first] = icalJsEvents(reminderEventText(before, SITE)).events;
    const [second] = icalJsEvents(reminderEventText(moved, SITE)).events;
    for (const [event, at] of [
      [first!, before.updated_at],
      [second!, moved.updated_at],
    ] as const) {
      const stamp = (event.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString();
      const modified = (event.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString();
      expect([stamp, modified]).toEqual([at, at]);
    }
    expect(Number(second!.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(first!.getFirstPropertyValue('sequence')),
    );
    // The same reminder gives the same file, whenever it is fetched.
    expect(reminderEventText(before, SITE)).toBe(reminderEventText(before, SITE));
    expect(eventSequence(reminder({ updated_at: '2092-01-01T00:00:00.000Z' }))).toBeLessThan(2 ** 31);
  });

  it('cuts a long title in the alarms (each of up to seven), never in the summary', () => {
    expect(alarmTitle('Home insurance')).toBe('Home insurance');
    const long = 'Buildings and contents insurance for the flat on the high street, with legal cover';
    expect(alarmTitle(long)).toHaveLength(60);
    expect(alarmTitle(long).endsWith('…')).toBe(true);
    expect(long.startsWith(alarmTitle(long).slice(0, -1))).toBe(true);
  });

  it('puts an act-by reminder’s alarms on the act-by event only, once per lead mail', () => {
    const text = reminderEventText(reminder({ act_by: '2031-03-01', lead_days: [30, 7, 0] }), SITE);
    const { events } = icalJsEvents(text);
    const alarms = (uid: string) =>
      events.find((e) => e.getFirstPropertyValue('uid') === uid)!.getAllSubcomponents('valarm').length;
    expect(alarms(`${reminder().id}-renewal`)).toBe(0);
    expect(alarms(`${reminder().id}-act-by`)).toBe(3);
  });
});
