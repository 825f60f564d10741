/**
 * Which of the user's reminders an item read from a letter is about: the same provider (by name,
 * ignoring case, spaces and punctuation, one name inside the other: 'Aviva' and 'Aviva Insurance
 * Ltd') and, when the letter said it, the same category; of several, the one renewing soonest.
 * Pure. Null when none matches, and then the item offers 'Add reminder' instead of 'Update'.
 */
import type { Reminder } from '../../../shared/api.ts';
import type { InboxFields } from '../../../shared/inbox/fields.ts';

const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

const sameProvider = (a: string, b: string) => {
  const [x, y] = [plain(a), plain(b)];
  return x.length >= 2 && y.length >= 2 && (x.includes(y) || y.includes(x));
};

export function matchingReminder(
  fields: Pick<InboxFields, 'provider' | 'category'>,
  reminders: readonly Pick<Reminder, 'id' | 'provider' | 'category' | 'renewal_date' | 'archived_at'>[],
): string | null {
  const { provider, category } = fields;
  if (!provider) return null;
  const candidates = reminders
    .filter((r) => r.archived_at === null && sameProvider(r.provider, provider))
    .filter((r) => category === null || r.category === category)
    .sort((a, b) => a.renewal_date.localeCompare(b.renewal_date));
  return candidates[0]?.id ?? null;
}
