/**
 * The renewal inbox on the local stand-ins: the user's address, a mail forwarded to it over SMTP
 * (from the account's own address only; anyone else, an unknown or a reset address refused in the
 * SMTP conversation), one item per delivery even when it comes twice or twice at once, the day's
 * limit, uploads, 'Update {reminder}' filling the date and the renewal offer, dismissing, another
 * user's item answering 404, and the items in 'Download my data'.
 */
import { describe, expect, it } from 'vitest';
import type { MyData, ReminderDetails } from '../../shared/api.ts';
import { INBOX_DAILY_LIMIT, INBOX_MESSAGES, type Inbox, type InboxItem } from '../../shared/inbox/items.ts';
import { receiveMail } from '../../lambdas/features/inbox/receive.ts';
import { useTestStack } from '../support/fixtures.ts';
import { AVIVA_CAR_INSURANCE, forwarded, inboundMail } from '../support/inbox-letter.ts';
import { sendSmtp } from '../support/smtp.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack();

async function inboxOf(user: TestUser): Promise<Inbox> {
  const response = await api(stack, user.accessToken)('GET', '/api/inbox/me');
  expect(response.status).toBe(200);
  return response.json as unknown as Inbox;
}

const mailTo = (address: string, from: string, deliveryId: string) => inboundMail(address, from, deliveryId);

describe('the renewal inbox', () => {
  it('takes a forwarded renewal over SMTP from the account’s own address, and reads it', async () => {
    const user = await createUser(stack, { label: 'inbox' });
    const { address, items } = await inboxOf(user);
    expect(address).toMatch(/^r[0-9a-f]{24}@inbox\.localhost$/);
    expect(items).toEqual([]);
    expect((await inboxOf(user)).address).toBe(address);
    const car = await addReminder(stack, user, AVIVA_CAR_INSURANCE);

    // Anyone else, and an address that is no one's, are refused before the data.
    const stranger = await sendSmtp(
      stack.inbox.port,
      'someone@example.net',
      [address!],
      forwarded('someone@example.net', address!),
    );
    expect(stranger).toEqual({ codes: [220, 250, 250, 550], accepted: false });
    const nobody = 'r000000000000000000000000@inbox.localhost';
    expect((await sendSmtp(stack.inbox.port, user.email, [nobody], 'x')).codes.at(-1)).toBe(550);

    const sent = await sendSmtp(stack.inbox.port, user.email, [address!], forwarded(user.email, address!));
    expect(sent.accepted).toBe(true);
    const [item] = (await inboxOf(user)).items;
    expect(item).toMatchObject({
      status: 'ready',
      source: 'email',
      subject: 'Aviva - Your car insurance renewal documents',
      match: car,
      message: null,
      fields: {
        provider: 'Aviva',
        category: 'insurance',
        renewal_date: '2027-01-21',
        amount: 731.4,
        repeats: 'yearly',
        previous_amount: 655.12,
      },
    });
    expect(item!.fields.sources.renewal_date).toMatch(/21\/01\/2027|21 January 2027/);

    // 'Update Car insurance', as confirmed (the price corrected first): the date and the renewal offer.
    const call = api(stack, user.accessToken);
    const applied = await call('POST', `/api/inbox/items/${item!.id}/apply`, {
      reminder_id: car,
      renewal_date: '2027-01-21',
      renewal_price: 731.4,
      previous_amount: 655.12,
    });
    expect(applied.status).toBe(200);
    const details = (await call('GET', `/api/reminders/${car}`)).json as unknown as ReminderDetails;
    expect(details.reminder).toMatchObject({
      renewal_date: '2027-01-21',
      amount: 655.12,
      renewal_offer: { price: 731.4, renewal_date: '2027-01-21' },
    });
    expect(details.quotes).toMatchObject([{ provider: 'Aviva', price: 731.4, renewal_offer: true }]);
    expect((await inboxOf(user)).items).toEqual([]);
  });

  it('makes one item of a mail delivered twice, or twice at once', async () => {
    const user = await createUser(stack, { label: 'inbox-twice' });
    const { address } = await inboxOf(user);
    const mail = mailTo(address!, user.email, 'delivery-1');
    const outcomes = await Promise.all([receiveMail(mail), receiveMail(mail)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'stored']);
    expect((await receiveMail(mail)).outcome).toBe('duplicate');
    expect((await inboxOf(user)).items).toHaveLength(1);
  });

  it(`takes ${INBOX_DAILY_LIMIT} items a day, then refuses more`, async () => {
    const user = await createUser(stack, { label: 'inbox-limit' });
    const { address } = await inboxOf(user);
    const outcomes = [];
    for (let n = 0; n <= INBOX_DAILY_LIMIT; n++)
      outcomes.push((await receiveMail(mailTo(address!, user.email, `d-${n}`))).outcome);
    expect(outcomes.filter((o) => o === 'stored')).toHaveLength(INBOX_DAILY_LIMIT);
    expect(outcomes.at(-1)).toBe('limited');
    const upload = await api(stack, user.accessToken)('POST', '/api/inbox-uploads', {
      kind: 'text',
      text: 'Hello',
    });
    expect(upload.status).toBe(429);
    expect(upload.json?.message).toBe(INBOX_MESSAGES.dailyLimit);
  });

  it('refuses mail to a reset address, and mail the checks on AWS would not vouch for', async () => {
    const user = await createUser(stack, { label: 'inbox-reset' });
    const { address: old } = await inboxOf(user);
    const reset = await api(stack, user.accessToken)('POST', '/api/inbox/address');
    const fresh = (reset.json as { address: string }).address;
    expect(fresh).not.toBe(old);
    expect((await sendSmtp(stack.inbox.port, user.email, [old!], 'x')).codes.at(-1)).toBe(550);
    expect(await receiveMail(mailTo(old!, user.email, 'old'))).toMatchObject({ outcome: 'refused' });
    const spoofed = { spf: 'FAIL', dkim: 'FAIL', spam: 'PASS', virus: 'PASS', dmarc: 'FAIL' };
    expect(await receiveMail({ ...mailTo(fresh, user.email, 'spoofed'), verdicts: spoofed })).toMatchObject({
      outcome: 'refused',
    });
    expect((await inboxOf(user)).items).toEqual([]);
  });

  it('reads an upload, says when nothing was found, dismisses, and keeps items to their owner', async () => {
    const [user, other] = await Promise.all([
      createUser(stack, { label: 'inbox-upload' }),
      createUser(stack, { label: 'inbox-other' }),
    ]);
    const call = api(stack, user.accessToken);
    const text = 'Your Netflix membership renews on 14 March 2027 at £18.99 a month.';
    const read = await call('POST', '/api/inbox-uploads', { kind: 'text', text });
    expect(read.status).toBe(201);
    expect((read.json as { item: InboxItem }).item).toMatchObject({
      status: 'ready',
      source: 'upload',
      fields: { renewal_date: '2027-03-14', amount: 18.99, repeats: 'monthly' },
    });
    const none = await call('POST', '/api/inbox-uploads', {
      kind: 'text',
      text: 'Thank you for your order.',
    });
    const nothing = (none.json as { item: InboxItem }).item;
    expect(nothing).toMatchObject({ status: 'nothing_found', message: INBOX_MESSAGES.noDateUpload });
    const file = await call('POST', '/api/inbox-uploads', {
      kind: 'file',
      name: 'letter.pdf',
      media_type: 'application/pdf',
      // A PDF's header and then nothing a PDF reader can use.
      data: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> broken').toString('base64'),
    });
    expect((file.json as { item: InboxItem }).item).toMatchObject({
      status: 'failed',
      subject: 'letter.pdf',
    });
    expect((await call('POST', '/api/inbox-uploads', { kind: 'text', text: '   ' })).status).toBe(400);
    expect(
      (
        await call('POST', '/api/inbox-uploads', {
          kind: 'file',
          name: 'x.zip',
          media_type: 'application/zip',
          data: 'AAAA',
        })
      ).status,
    ).toBe(400);

    const data = (await call('GET', '/api/me/data')).json as unknown as MyData;
    expect(data.inbox).toHaveLength(3);

    // Another user's item is no one's to them.
    expect((await api(stack, other.accessToken)('DELETE', `/api/inbox/items/${nothing.id}`)).status).toBe(
      404,
    );
    const applied = await api(stack, other.accessToken)('POST', `/api/inbox/items/${nothing.id}/apply`, {
      reminder_id: nothing.id,
      renewal_date: '2027-03-14',
      renewal_price: null,
      previous_amount: null,
    });
    expect(applied.status).toBe(404);
    expect((await call('DELETE', `/api/inbox/items/${nothing.id}`)).status).toBe(204);
    expect((await inboxOf(user)).items.map((i) => i.id)).not.toContain(nothing.id);
  });
});
