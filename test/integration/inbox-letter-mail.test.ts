/**
 * 'Your renewal inbox received a letter' on the local stand-ins: a forwarded letter that fills in a
 * renewal mails the account once, whatever the deliveries (twice, twice at once); a letter that
 * fills in nothing mails nobody, nor does one to an account that turned reminder e-mails off.
 */
import { describe, expect, it } from 'vitest';
import type { MyData } from '../../shared/api.ts';
import type { Inbox } from '../../shared/inbox/items.ts';
import { receiveMail, type InboundMail } from '../../lambdas/features/inbox/receive.ts';
import { useTestStack } from '../support/fixtures.ts';
import { AVIVA_CAR_INSURANCE, AVIVA_LETTER, inboundMail } from '../support/inbox-letter.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack();
const SUBJECT = 'Your renewal inbox received a letter';

async function addressOf(user: TestUser): Promise<string> {
  const response = await api(stack, user.accessToken)('GET', '/api/inbox/me');
  return (response.json as unknown as Inbox).address!;
}

/** `raw` (the Aviva renewal unless given) forwarded by the user to their inbox. */
async function delivery(user: TestUser, deliveryId: string, raw = AVIVA_LETTER): Promise<InboundMail> {
  return inboundMail(await addressOf(user), user.email, deliveryId, raw);
}

const lettersTo = async (user: TestUser) =>
  (await mailsTo(stack, user.email)).filter((m) => m.subject === SUBJECT);

describe('the mail for a letter the renewal inbox read', () => {
  it('goes once when the letter fills in a renewal, naming it and the reminder it matches', async () => {
    const user = await createUser(stack, { label: 'letter-mail' });
    await addReminder(stack, user, AVIVA_CAR_INSURANCE);
    const mail = await delivery(user, 'letter-1');
    // Delivered twice at once, then again: one item, one mail.
    const outcomes = await Promise.all([receiveMail(mail), receiveMail(mail)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'stored']);
    expect((await receiveMail(mail)).outcome).toBe('duplicate');

    const letters = await lettersTo(user);
    expect(letters).toHaveLength(1);
    const text = letters[0]!.body.text ?? '';
    expect(text).toContain(
      'We read the letter you forwarded and filled in Aviva, renewing on Thursday 21 January 2027.',
    );
    expect(text).toContain('It looks like your Car insurance reminder');
    expect(letters[0]!.body.html).toContain('/dashboard');

    const data = (await api(stack, user.accessToken)('GET', '/api/me/data')).json as unknown as MyData;
    expect(data.mails.filter((m) => m.type === 'inbox_letter')).toEqual([
      expect.objectContaining({ type: 'inbox_letter', subject: SUBJECT }),
    ]);
  });

  it('says to add a reminder when the letter matches none', async () => {
    const user = await createUser(stack, { label: 'letter-new' });
    expect((await receiveMail(await delivery(user, 'letter-2'))).outcome).toBe('stored');
    const [letter] = await lettersTo(user);
    expect(letter?.body.text).toContain('add it as a reminder');
  });

  it('is not sent for a letter that fills in nothing, nor to an account without reminder e-mails', async () => {
    const user = await createUser(stack, { label: 'letter-none' });
    const nothing = AVIVA_LETTER.replace(/\n\n[\s\S]*$/, '\n\nHello, just saying hello.\n');
    expect((await receiveMail(await delivery(user, 'letter-3', nothing))).outcome).toBe('stored');

    const quiet = await createUser(stack, { label: 'letter-quiet' });
    const off = await api(stack, quiet.accessToken)('PUT', '/api/me', {
      first_name: 'Quiet',
      country: 'GB',
      timezone: 'Europe/London',
      marketing_consent: false,
      reminder_emails: false,
    });
    expect(off.json).toMatchObject({ profile: { reminder_emails: false } });
    expect((await receiveMail(await delivery(quiet, 'letter-4'))).outcome).toBe('stored');

    expect(await lettersTo(user)).toEqual([]);
    expect(await lettersTo(quiet)).toEqual([]);
    // The same account's next letter that does fill in a renewal: that one mails, alone.
    expect((await receiveMail(await delivery(user, 'letter-5'))).outcome).toBe('stored');
    expect(await lettersTo(user)).toHaveLength(1);
  });
});
