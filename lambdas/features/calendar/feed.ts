/**
 * The calendar feed (RFC 5545, written by ical-generator): one all-day event per active reminder on
 * its renewal date and, when set, one on its act-by date, a description with the provider, the
 * amount and a link to the reminder's page. The alarms are the reminder mails' own days, from the
 * same schedule (09:00 on each), on the event the mails count down to: the act-by date when set,
 * else the renewal. Event ids are stable per reminder, so a calendar updates an event when the
 * reminder moves: DTSTAMP and LAST-MODIFIED are the reminder's last change, and SEQUENCE grows with
 * it (decision 0031). Each action window the reminder mails (shared/reminder/windows.ts) is an
 * all-day event of its own on its day, with one alarm at 09:00 that day. Every text property is escaped by ical-generator; the feed's name is our own,
 * and a one-reminder file has no name and no refresh interval, being a file, not a subscription.
 */
import ical, { ICalAlarmRelatesTo, ICalAlarmType, type ICalEventData } from 'ical-generator';
import { dateVerb } from '../../../shared/reminder/contract.ts';
import { DateTime } from 'luxon';
import type { Reminder } from '../../../shared/api.ts';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import { countsDownTo, daysBetween, reminderSchedule } from '../../../shared/reminder/schedule.ts';
import { formatPounds } from '../../../shared/dates.ts';
import { actionWindows } from '../../../shared/reminder/windows.ts';

import { FEED_CACHE_SECONDS } from '../../../shared/routes.ts';

export { FEED_CACHE_SECONDS };
/** The hour of the day an alarm rings, that many days before. */
const ALARM_HOUR = 9;
const DAY_SECONDS = 86_400;

const day = (date: string) => DateTime.fromISO(date, { zone: 'utc' });

/** SEQUENCE counts from here, in seconds: it only grows, and stays a 32-bit integer until 2092. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

/**
 * The event's revision (RFC 5545 SEQUENCE): the seconds from SEQUENCE_EPOCH to the reminder's last
 * change, so every change, a new date included, gives a larger number with nothing stored.
 */
export function eventSequence(reminder: Pick<Reminder, 'updated_at'>): number {
  return Math.max(0, Math.floor((Date.parse(reminder.updated_at) - SEQUENCE_EPOCH) / 1000));
}

/** The longest title an alarm repeats: the event's summary holds it whole. */
const ALARM_TITLE_MAX = 60;

/**
 * A title as an alarm says it, cut at ALARM_TITLE_MAX: a reminder has up to seven alarms, and whole
 * 200-character titles in each would take a feed at the account's limit past Lambda's 6 MB.
 */
export const alarmTitle = (title: string) =>
  title.length <= ALARM_TITLE_MAX ? title : `${title.slice(0, ALARM_TITLE_MAX - 1).trimEnd()}…`;

/** An alarm for each lead mail of the reminder's schedule, before the date the mails count down to. */
function alarms(reminder: Reminder, what: string): ICalEventData['alarms'] {
  const target = countsDownTo(reminder);
  const leads = reminderSchedule(reminder).filter((mail) => mail.type === 'reminder');
  return leads
    .map((mail) => daysBetween(mail.date, target))
    .map((daysBefore) => ({
      type: ICalAlarmType.display,
      // Seconds before the all-day event's start (midnight): negative is after it, so 09:00 on the day.
      trigger: daysBefore * DAY_SECONDS - ALARM_HOUR * 3600,
      description:
        daysBefore === 0 ? `${what} today` : `${what} in ${daysBefore} ${daysBefore === 1 ? 'day' : 'days'}`,
    }));
}

function description(reminder: Reminder, url: string): string {
  return [
    `Provider: ${reminder.provider}`,
    `Amount: ${reminder.amount === null ? 'not given' : formatPounds(reminder.amount)}`,
    `Open it: ${url}`,
  ].join('\n');
}

/** Its action windows as events, one alarm each on the day (none when the owner turned them off). */
function windowEvents(
  reminder: Reminder,
  url: string,
  revision: Pick<ICalEventData, 'stamp' | 'lastModified' | 'sequence'>,
): ICalEventData[] {
  if (reminder.action_windows === false) return [];
  return actionWindows(reminder).map((window) => ({
    ...revision,
    id: `${reminder.id}-window-${window.kind}`,
    allDay: true,
    start: day(window.date),
    summary: `${window.label}: ${reminder.title} (${reminder.provider})`,
    description: [
      ...(window.tip ? [window.tip] : []),
      `Source: ${window.source.name} ${window.source.url}`,
      `Open it: ${url}`,
    ].join('\n'),
    url,
    alarms: [{ type: ICalAlarmType.display, trigger: -ALARM_HOUR * 3600, description: window.label }],
  }));
}

/** The events of one reminder: its renewal, its act-by date when it has one, and its action windows. */
export function reminderEvents(reminder: Reminder, siteUrl: string): ICalEventData[] {
  const url = new URL(`/reminders/${reminder.id}`, siteUrl).toString();
  // The reminder's last change, not the moment of the request: a client sees a revision only when there is one.
  const changed = DateTime.fromISO(reminder.updated_at, { zone: 'utc' });
  const revision = { stamp: changed, lastModified: changed, sequence: eventSequence(reminder) };
  const renewal: ICalEventData = {
    ...revision,
    id: `${reminder.id}-renewal`,
    allDay: true,
    start: day(reminder.renewal_date),
    summary: `${reminder.title} ${dateVerb(reminder)} (${reminder.provider})`,
    description: description(reminder, url),
    url,
    alarms: reminder.act_by ? [] : alarms(reminder, `${alarmTitle(reminder.title)} ${dateVerb(reminder)}`),
  };
  const windows = windowEvents(reminder, url, revision);
  if (!reminder.act_by) return [renewal, ...windows];
  return [
    renewal,
    ...windows,
    {
      ...revision,
      id: `${reminder.id}-act-by`,
      allDay: true,
      start: day(reminder.act_by),
      summary: `Last day to act: ${reminder.title} (${reminder.provider})`,
      description: description(reminder, url),
      url,
      alarms: alarms(reminder, `Last day to act on ${alarmTitle(reminder.title)}`),
    },
  ];
}

/** The feed: a calendar of `reminders` (the caller leaves out cancelled ones), named and refreshed hourly. */
export function calendarText(reminders: readonly Reminder[], siteUrl: string): string {
  return calendarOf(reminders, siteUrl, { name: PRODUCT_NAME, ttl: FEED_CACHE_SECONDS });
}

/** 'Add to calendar': one reminder's events as a plain file to import once, with no name or refresh. */
export function reminderEventText(reminder: Reminder, siteUrl: string): string {
  return calendarOf([reminder], siteUrl, {});
}

function calendarOf(
  reminders: readonly Reminder[],
  siteUrl: string,
  feed: { name?: string; ttl?: number },
): string {
  const calendar = ical({
    ...feed,
    prodId: { company: PRODUCT_NAME, product: 'renewal-calendar', language: 'EN' },
  });
  for (const reminder of reminders) {
    for (const data of reminderEvents(reminder, siteUrl)) {
      // Every trigger counts from the day's start: left alone, ical-generator relates one after the
      // start to the event's end, which for an all-day event is the next day. (Set after the trigger,
      // which resets it.)
      for (const alarm of calendar.createEvent(data).alarms()) alarm.relatesTo(ICalAlarmRelatesTo.start);
    }
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
