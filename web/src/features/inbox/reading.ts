/**
 * How an inbox item reads on the page: its name, the rise on last year's price, where each figure sits
 * in the line it was read from, and the reminder it would make. Pure, and free of zod: the dashboard
 * shows the items on its first paint.
 */
import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatPounds } from '#shared/dates.ts';
import type { InboxField, InboxFields } from '#shared/inbox/fields.ts';
import type { InboxItem } from '#shared/inbox/items.ts';
import { changePercent } from '#shared/reminder/priceMemory.ts';
import type { ReminderFormValues } from '#shared/schemas/reminder.ts';

/** What an item is called in its buttons' names ('Dismiss Aviva item'). */
export function itemName(item: InboxItem): string {
  return item.fields.provider ?? item.subject ?? 'pasted letter';
}

/** A reminder's title from what was read: the provider and the category's label ('Aviva Insurance'). */
export function titleOf(fields: InboxFields): string {
  return [fields.provider, fields.category && categoryLabel(fields.category)].filter(Boolean).join(' ');
}

/** 'up 23% on last year's £498.10'; null without both prices. */
export function riseLine(fields: InboxFields): string | null {
  const { amount: now, previous_amount: was } = fields;
  if (now === null || was === null) return null;
  const pct = changePercent(was, now);
  if (pct === null) return null;
  const against = `last year's ${formatPounds(was)}`;
  if (Math.round(now * 100) === Math.round(was * 100)) return `the same as ${against}`;
  const direction = now > was ? 'up' : 'down';
  return pct === 0 ? `${direction} under 1% on ${against}` : `${direction} ${Math.abs(pct)}% on ${against}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date as letters write it: '14 March 2027', '14th Mar 2027', '14/03/2027', '2027-03-14'. */
function datePattern(iso: string): string {
  const [y, m, d] = iso.split('-');
  const day = String(Number(d));
  const month = MONTHS[Number(m) - 1]!;
  const month3 = month.slice(0, 3);
  return [
    `0?${day}(?:st|nd|rd|th)?\\s+(?:${month}|${month3})\\.?,?\\s+${y}`,
    `(?:${month}|${month3})\\.?\\s+0?${day}(?:st|nd|rd|th)?,?\\s+${y}`,
    `0?${day}[/.-]0?${Number(m)}[/.-]${y}`,
    escape(iso),
  ].join('|');
}

/** An amount as letters write it: '£1,234.50', '1234.50', '£498' for £498.00. */
function amountPattern(amount: number): string {
  const [pounds, pence] = amount.toFixed(2).split('.') as [string, string];
  // Thousands with or without their commas.
  const whole = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',?');
  const fraction = pence === '00' ? '(?:\\.00)?' : `\\.${pence}`;
  return `(?<![\\d.,])(?:£\\s?)?${whole}${fraction}(?![\\d])`;
}

/** The pattern of a field's value in its line, or null where a value is not written as itself. */
function valuePattern(field: InboxField, fields: InboxFields): string | null {
  if (field === 'provider' && fields.provider) return escape(fields.provider);
  if (field === 'renewal_date' && fields.renewal_date) return datePattern(fields.renewal_date);
  if (field === 'amount' && fields.amount !== null) return amountPattern(fields.amount);
  if (field === 'previous_amount' && fields.previous_amount !== null)
    return amountPattern(fields.previous_amount);
  return null;
}

/** A source line cut around its figure, to show the figure marked; the whole line when it is not found. */
export type SourceParts = { before: string; figure: string; after: string } | { line: string };

export function sourceParts(field: InboxField, fields: InboxFields): SourceParts | null {
  const line = fields.sources[field];
  if (!line) return null;
  const pattern = valuePattern(field, fields);
  const found = pattern === null ? null : new RegExp(pattern, 'i').exec(line);
  if (!found) return { line };
  return {
    before: line.slice(0, found.index),
    figure: found[0],
    after: line.slice(found.index + found[0].length),
  };
}

/** 'Add reminder' (and 'Add it yourself'): the new reminder's fields, from what was read. */
export function reminderValuesOf(fields: InboxFields): Partial<ReminderFormValues> {
  return {
    title: titleOf(fields),
    provider: fields.provider ?? '',
    renewal_date: fields.renewal_date ?? '',
    amount: fields.amount === null ? '' : String(fields.amount),
    ...(fields.category ? { category: fields.category } : {}),
    ...(fields.date_kind ? { date_kind: fields.date_kind } : {}),
    ...(fields.repeats ? { billing: fields.repeats } : {}),
  };
}
