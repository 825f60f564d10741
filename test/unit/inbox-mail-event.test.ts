/**
 * The inbox's mail function (lambdas/handlers/events/inboxMail.ts) between SES and the use case: a valid
 * SES receipt reads the stored mail, hands it over with SES's verdicts and its message id, then
 * deletes it; anything else is dropped without a throw; a failing use case throws (Lambda retries)
 * and leaves the mail for the retry.
 */
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const receiveMail = vi.fn();
vi.mock('../../lambdas/features/inbox/receive.ts', () => ({ receiveMail }));
vi.stubEnv('INBOX_BUCKET', 'inbox-bucket');
vi.stubEnv('INBOX_PREFIX', 'mail/');

const { handler } = await import('../../lambdas/handlers/events/inboxMail.ts');
const s3 = mockClient(S3Client);

const sesEvent = (overrides: { messageId?: string; recipients?: unknown } = {}) => ({
  Records: [
    {
      eventSource: 'aws:ses',
      eventVersion: '1.0',
      ses: {
        mail: {
          messageId: overrides.messageId ?? 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
          source: 'jo@example.org',
          timestamp: '2026-11-28T09:00:00.000Z',
        },
        receipt: {
          recipients: overrides.recipients ?? ['k7f2q9@inbox.example.com'],
          spfVerdict: { status: 'PASS' },
          dkimVerdict: { status: 'PASS' },
          spamVerdict: { status: 'PASS' },
          virusVerdict: { status: 'PASS' },
          dmarcVerdict: { status: 'GRAY' },
          action: { type: 'Lambda', invocationType: 'Event' },
        },
      },
    },
  ],
});

/** The part of the SDK's streaming body the function uses. */
const body = (text: string) =>
  ({ transformToByteArray: () => Promise.resolve(new TextEncoder().encode(text)) }) as never;

beforeEach(() => {
  s3.reset();
  receiveMail.mockReset();
});

describe('a mail SES received', () => {
  it('is read from the bucket, handed over with the verdicts and its id, then deleted', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('From: jo@example.org\r\n\r\nhello') });
    receiveMail.mockResolvedValue({ outcome: 'stored' });
    await expect(handler(sesEvent())).resolves.toEqual({ outcome: 'stored' });
    const key = 'mail/o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1';
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'inbox-bucket', Key: key });
    const [mail] = receiveMail.mock.calls[0]!;
    expect(new TextDecoder().decode(mail.raw)).toBe('From: jo@example.org\r\n\r\nhello');
    expect(mail).toMatchObject({
      recipients: ['k7f2q9@inbox.example.com'],
      envelopeFrom: 'jo@example.org',
      verdicts: { spf: 'PASS', dkim: 'PASS', spam: 'PASS', virus: 'PASS', dmarc: 'GRAY' },
      deliveryId: 'o3vrnil0e2ic28trm7dfhrc2v0clambda4nbp0g1',
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'inbox-bucket',
      Key: key,
    });
  });

  it('is deleted when the use case refuses it too', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('x') });
    receiveMail.mockResolvedValue({ outcome: 'refused', reason: 'unknown address' });
    await expect(handler(sesEvent())).resolves.toEqual({ outcome: 'refused' });
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
  });

  it('stays in the bucket and the invocation fails when the use case fails, so Lambda retries it', async () => {
    s3.on(GetObjectCommand).resolves({ Body: body('x') });
    receiveMail.mockRejectedValue(new Error('table unreachable'));
    await expect(handler(sesEvent())).rejects.toThrow('table unreachable');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('is dropped without a throw when it is no longer in the bucket (a retry after the delete)', async () => {
    s3.on(GetObjectCommand).rejects(Object.assign(new Error('gone'), { name: 'NoSuchKey' }));
    await expect(handler(sesEvent())).resolves.toEqual({ outcome: 'ignored' });
    expect(receiveMail).not.toHaveBeenCalled();
  });
});

describe('an event that is not one SES receipt', () => {
  it.each([
    ['nothing', undefined],
    ['a string', 'hello'],
    ['no records', { Records: [] }],
    ['two records', { Records: [...sesEvent().Records, ...sesEvent().Records] }],
    ['another source', { Records: [{ ...sesEvent().Records[0], eventSource: 'aws:s3' }] }],
    ['a message id that would name another key', sesEvent({ messageId: '../other/key' })],
    ['no recipients', sesEvent({ recipients: [] })],
  ])('is logged and dropped: %s', async (_, event) => {
    await expect(handler(event)).resolves.toEqual({ outcome: 'ignored' });
    expect(s3.calls()).toHaveLength(0);
    expect(receiveMail).not.toHaveBeenCalled();
  });
});
