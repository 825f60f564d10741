import type { MyData } from '../../../shared/api.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { queryAll } from '../db.ts';
import { uncommittedIn } from '../reminders/index.ts';
import { parseEmailSend, parseOutcome, parseProfile, parseReminder } from '../items.ts';
import { AccountGoneError } from '../liveAccount.ts';
import { listInboxItems } from '../account/index.ts';
import { parseChannel, publicChannel } from '../channels/index.ts';
import { parseQuote } from '../reminders/index.ts';
import { householdHome, reminderAt } from '../reminders/index.ts';
import { savingsTotalPence } from '../../../shared/reminder/money.ts';

/**
 * Everything held about a user, from the one partition that holds it all (consistent read): the
 * profile, every reminder (cancelled too), every outcome, every quote, and the mails sent, without the internal
 * bookkeeping (claims, pointers, the feed's hash); and, apart, what their household shares.
 */
export async function myData(userId: string, now = new Date()): Promise<MyData> {
  const items = await queryAll({ pk: keys.user(userId) }, { consistent: true });
  const of = (entity: string) => items.filter((item) => item.entity === entity);
  const uncommitted = uncommittedIn(items);
  const [profileItem] = of(ENTITY.profile);
  if (!profileItem) throw new AccountGoneError();
  const outcomes = of(ENTITY.saving).map(parseOutcome);
  const mails = of(ENTITY.emailSend)
    .map(parseEmailSend)
    .filter((send) => send.status === 'sent' && !send.simulated)
    .map((send) => ({
      type: send.email_type,
      sent_at: send.sent_at ?? send.created_at,
      subject: send.subject,
    }))
    .sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  return {
    exported_at: now.toISOString(),
    profile: { ...parseProfile(profileItem), calendar_feed_hash: null },
    // An import that never committed saved nothing of the user's.
    reminders: of(ENTITY.reminder)
      .filter((item) => !uncommitted(item))
      .map(parseReminder),
    outcomes,
    savings_total: savingsTotalPence(outcomes) / 100,
    quotes: of(ENTITY.quote)
      .map(parseQuote)
      .sort((a, b) => a.created_at.localeCompare(b.created_at)),
    mails,
    household_shared: await householdShared(userId),
    inbox: await listInboxItems(userId, now),
    channels: of(ENTITY.channel).map((item) => publicChannel(parseChannel(item), now)),
  };
}

/** The household's shared items, as the user sees them (the household's partition, read from their membership). */
async function householdShared(userId: string): Promise<MyData['household_shared']> {
  const home = await householdHome(userId);
  if (!home) return null;
  // Nothing of a shared reminder the user left: its outcomes and quotes go with it.
  const left = new Set(home.household?.left);
  const items = (await queryAll({ pk: home.pk }, { consistent: true })).filter(
    (item) => !left.has(String(item.entity === ENTITY.reminder ? item.id : item.reminder_id)),
  );
  const of = (entity: string) => items.filter((item) => item.entity === entity);
  return {
    reminders: of(ENTITY.reminder).map((item) => reminderAt(home, item)),
    outcomes: of(ENTITY.saving).map((item) => parseOutcome({ ...item, user_id: userId, shared: true })),
    quotes: of(ENTITY.quote)
      .map(parseQuote)
      .sort((a, b) => a.created_at.localeCompare(b.created_at)),
  };
}
