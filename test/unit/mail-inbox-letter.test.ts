/**
 * 'Your renewal inbox received a letter', filled from its compiled plans, equals React Email's own
 * render byte for byte, on hostile text in every field (a letter's provider and a reminder's title
 * are outside input), with and without a matched reminder; and it says what was read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directFallbacks } from '../../lambdas/mail/compile.ts';
import {
  inboxLetterSubject,
  renderInboxLetter,
  type InboxLetterProps,
} from '../../lambdas/mail/inboxLetter.ts';
import { renderInboxLetterDirect } from '../../lambdas/mail/templates/inboxLetter.tsx';
import { text, url } from '../support/mailProps.ts';

const props: fc.Arbitrary<InboxLetterProps> = fc.record({
  firstName: text,
  provider: fc.option(text, { nil: null }),
  renewalDate: fc.constantFrom('2027-01-21', '2030-02-28', '2028-12-31'),
  reminderTitle: fc.option(text, { nil: null }),
  dashboardUrl: url,
  unsubscribeUrl: url,
});

describe('the inbox letter mail', () => {
  it('equals the direct React Email render', async () => {
    const before = directFallbacks();
    await fc.assert(
      fc.asyncProperty(props, async (p) => {
        expect(await renderInboxLetter(p)).toStrictEqual(await renderInboxLetterDirect(p));
      }),
      { numRuns: 30 },
    );
    expect(directFallbacks()).toBe(before);
  }, 60_000);

  it('names the renewal read and what to do next', async () => {
    const base = {
      firstName: 'Ann',
      renewalDate: '2027-01-21',
      dashboardUrl: 'https://example.test/dashboard',
      unsubscribeUrl: 'https://example.test/u',
    };
    const matched = await renderInboxLetter({ ...base, provider: 'Aviva', reminderTitle: 'Car insurance' });
    expect(matched.subject).toBe('Your renewal inbox received a letter');
    expect(matched.subject).toBe(inboxLetterSubject);
    expect(matched.text).toContain(
      'We read the letter you forwarded and filled in Aviva, renewing on Thursday 21 January 2027.',
    );
    expect(matched.text).toContain('It looks like your Car insurance reminder');
    const unmatched = await renderInboxLetter({ ...base, provider: null, reminderTitle: null });
    expect(unmatched.text).toContain('filled in a renewal on Thursday 21 January 2027.');
    expect(unmatched.text).toContain('add it as a reminder');
  });
});
