/**
 * What a reminder mail says to its recipient in particular: the cheapest quote noted and what it
 * saves; for a shared reminder, who added it and who deals with it, said to the member reading it,
 * and never 'You told us it costs' to a member who did not give the price; the footer saying why the
 * mail came; and the dates of every reminder mail in words.
 */
import { describe, expect, it } from 'vitest';
import { digestFooter, renewalFooter } from '../../lambdas/mail/footer.ts';
import { costSentence, peopleSentence, quoteSentence, type MailMember } from '../../lambdas/mail/personal.ts';
import { REMINDER_MAILS, type ReminderMailInput } from '../../lambdas/mail/registry.ts';
import { renderDigestMail, type DigestItem } from '../../lambdas/mail/digest.ts';
import { renderReminderMail, reminderSubject, type ReminderMailProps } from '../../lambdas/mail/reminder.ts';
import { renderSavingsFollowUp } from '../../lambdas/mail/savingsFollowUp.ts';
import { renderWindowMail, windowSubject } from '../../lambdas/mail/window.ts';
import { actionWindows, QUOTE_SITES } from '../../shared/reminder/windows.ts';
import type { Reminder } from '../../shared/api.ts';

const ALICE = 'm-alice';
const BOB = 'm-bob';
const CY = 'm-cy';
const names = { [ALICE]: 'Alice', [BOB]: 'Bob', [CY]: 'Cy' };
const as = (membershipId: string): MailMember => ({ membershipId, names });

const home = {
  title: 'Home insurance',
  provider: 'Aviva',
  category: 'insurance',
  renewal_date: '2027-01-07',
  amount: 480,
  billing: 'yearly',
  date_kind: 'renewal',
} as const;
const shared = (people: Partial<Pick<Reminder, 'created_by' | 'updated_by' | 'deals_with'>>) => ({
  ...home,
  shared: true,
  created_by: ALICE,
  updated_by: ALICE,
  deals_with: null,
  who_pays: null,
  renewal_offer: null,
  ...people,
});

describe('the cheapest quote', () => {
  it('names it with its period and what it saves against the renewal price', () => {
    expect(quoteSentence({ provider: 'Admiral', price: 412 }, 480, 'yearly')).toBe(
      'Your cheapest quote so far: Admiral at £412.00/yr, £68.00 less than your renewal.',
    );
    expect(quoteSentence({ provider: 'Octopus', price: 85.5 }, 97.25, 'monthly')).toBe(
      'Your cheapest quote so far: Octopus at £85.50/month, £11.75 less than your renewal.',
    );
  });

  it('leaves the saving out when the renewal price is unknown or the quote saves nothing', () => {
    const quote = { provider: 'Admiral', price: 412 };
    expect(quoteSentence(quote, null, 'yearly')).toBe('Your cheapest quote so far: Admiral at £412.00/yr.');
    expect(quoteSentence(quote, 412, 'yearly')).toBe('Your cheapest quote so far: Admiral at £412.00/yr.');
    expect(quoteSentence(quote, 300, 'yearly')).toBe('Your cheapest quote so far: Admiral at £412.00/yr.');
  });

  it('is in the lead and the window mail, single and in a digest, and in the push line', async () => {
    const quote = { provider: 'Admiral', price: 412 };
    const said = 'Your cheapest quote so far: Admiral at £412.00/yr, £68.00 less than your renewal.';
    const lead: ReminderMailProps = {
      firstName: 'Ann',
      reminder: home,
      daysLeft: 7,
      dashboardUrl: 'https://example.test/r',
      calendarUrl: 'https://example.test/c',
      unsubscribeUrl: 'https://example.test/u',
      quote,
    };
    expect((await renderReminderMail(lead)).text).toContain(said);
    expect((await renderReminderMail({ ...lead, quote: null })).text).not.toContain('cheapest quote');
    const [quoteDay] = actionWindows(home);
    const window = { ...lead, window: quoteDay!, late: false, url: 'https://example.test/r' };
    expect((await renderWindowMail(window)).text).toContain(said);
    const items: DigestItem[] = [
      { kind: 'reminder', reminder: { ...home, id: 'r1' }, daysLeft: 7, url: 'u', calendarUrl: 'c', quote },
      { kind: 'window', reminder: { ...home, id: 'r1' }, window: quoteDay!, late: false, url: 'u', quote },
    ];
    const digest = await renderDigestMail({ firstName: 'Ann', items, unsubscribeUrl: 'https://u.test' });
    expect(digest.text.split(said)).toHaveLength(3);
    const input = {
      type: 'reminder',
      reminder: { ...home, id: 'r1' },
      daysLeft: 7,
      quote,
    } as ReminderMailInput;
    expect(REMINDER_MAILS.reminder.pushLine(input)).toBe(
      'Home insurance renews in 7 days (cheapest quote: Admiral at £412.00/yr)',
    );
    // With the provider's renewal offer noted, its rise comes first.
    const offered = {
      ...input,
      reminder: {
        ...input.reminder,
        renewal_offer: { price: 612.34, quote_id: 'q', renewal_date: input.reminder.renewal_date },
      },
    } as ReminderMailInput;
    expect(REMINDER_MAILS.reminder.pushLine(offered)).toMatch(
      /^Home insurance renews in 7 days: Renewal offer £612\.34\/yr, up \d+% on last year's £[\d,.]+\/yr \(cheapest quote: Admiral at £412\.00\/yr\)$/,
    );
  });
});

describe("a shared reminder's people, said to the member reading it", () => {
  it('says who added it and who deals with it', () => {
    expect(peopleSentence(shared({ deals_with: BOB }), as(BOB))).toBe('Alice added this; you deal with it.');
    expect(peopleSentence(shared({ deals_with: BOB }), as(CY))).toBe('Alice added this; Bob deals with it.');
    expect(peopleSentence(shared({}), as(ALICE))).toBe('You added this; nobody in particular deals with it.');
    expect(peopleSentence(shared({ created_by: 'former', deals_with: ALICE }), as(BOB))).toBe(
      'A former member added this; Alice deals with it.',
    );
    expect(peopleSentence(shared({ deals_with: 'm-gone' }), as(ALICE))).toBe(
      'You added this; a former member deals with it.',
    );
  });

  it('says nothing of people for an own reminder', () => {
    expect(peopleSentence(home, as(ALICE))).toBeNull();
    expect(peopleSentence({ ...home, shared: false }, null)).toBeNull();
  });

  it("says 'You told us it costs' only to whoever alone gave the reminder, else who did, or just the price", () => {
    expect(costSentence(home, null)).toBe('You told us it costs £480.00/yr.');
    expect(costSentence(shared({}), as(ALICE))).toBe('You told us it costs £480.00/yr.');
    expect(costSentence(shared({}), as(BOB))).toBe('Alice noted it costs £480.00/yr.');
    // Bob changed it after Alice added it: which of them gave the price is not known.
    expect(costSentence(shared({ updated_by: BOB }), as(ALICE))).toBe('It costs £480.00/yr.');
    expect(costSentence(shared({ updated_by: BOB }), as(BOB))).toBe('It costs £480.00/yr.');
    expect(costSentence(shared({ created_by: 'former', updated_by: 'former' }), as(BOB))).toBe(
      'It costs £480.00/yr.',
    );
    expect(costSentence({ ...shared({}), amount: null }, as(BOB))).toBeNull();
  });

  it('is in the lead, window and follow-up mails to a member, who is never told they gave the price', async () => {
    const reminder = shared({ deals_with: BOB });
    const member = as(BOB);
    const lead = await renderReminderMail({
      firstName: 'Bob',
      reminder,
      daysLeft: 7,
      dashboardUrl: 'https://example.test/r',
      calendarUrl: 'https://example.test/c',
      unsubscribeUrl: 'https://example.test/u',
      member,
    });
    expect(lead.text).toContain(
      'Home insurance with Aviva renews on Thursday 7 January 2027. Alice added this; you deal with it. Alice noted it costs £480.00/yr.',
    );
    expect(lead.text).not.toContain('You told us');
    expect(lead.text).toContain(
      'You get this because your household shares this renewal on Renewal Reminders.',
    );
    const [quoteDay] = actionWindows(reminder);
    const window = await renderWindowMail({
      firstName: 'Bob',
      reminder,
      window: quoteDay!,
      late: false,
      url: 'https://example.test/r',
      unsubscribeUrl: 'https://example.test/u',
      member,
    });
    expect(window.text).toContain('Alice added this; you deal with it.');
    const followUp = await renderSavingsFollowUp({
      firstName: 'Bob',
      reminder,
      savingsUrl: 'https://example.test/s',
      unsubscribeUrl: 'https://example.test/u',
      member,
    });
    expect(followUp.text).toContain(
      'Home insurance with Aviva renewed on Thursday 7 January 2027. Alice added this; you deal with it. How did it go?',
    );
  });

  it('gives the footer that says why the mail came', () => {
    const own = { ...home, shared: false };
    expect(renewalFooter(own)).toBe('You get this because you added this renewal to Renewal Reminders.');
    expect(digestFooter([own, { shared: true }])).toBe(
      'You get this because you added these renewals to Renewal Reminders or your household shares them.',
    );
    expect(digestFooter([{ shared: true }, { shared: true }])).toBe(
      'You get this because your household shares these renewals on Renewal Reminders.',
    );
    expect(digestFooter([own, own])).toBe(
      'You get this because you added these renewals to Renewal Reminders.',
    );
  });
});

describe('dates in words', () => {
  it('in the subjects of the lead and window mails', () => {
    expect(reminderSubject({ reminder: home, daysLeft: 7 })).toBe(
      'Your Home insurance with Aviva renews in 7 days (Thursday 7 January 2027)',
    );
    expect(reminderSubject({ reminder: { ...home, act_by: '2026-12-31' }, daysLeft: 3 })).toBe(
      'Act on your Home insurance with Aviva in 3 days (by Thursday 31 December 2026)',
    );
    const [quoteDay] = actionWindows(home);
    expect(windowSubject({ reminder: home, window: quoteDay!, late: true })).toBe(
      'Home insurance with Aviva: the best day to get quotes was Saturday 12 December 2026: get them now',
    );
  });
});

describe('the quote day', () => {
  it("links each comparison site's car and home insurance pages, and no home page", async () => {
    const [quoteDay] = actionWindows(home);
    const mail = await renderWindowMail({
      firstName: 'Ann',
      reminder: home,
      window: quoteDay!,
      late: false,
      url: 'https://example.test/r',
      unsubscribeUrl: 'https://example.test/u',
    });
    const sites = [...QUOTE_SITES.car, ...QUOTE_SITES.home];
    for (const site of sites) {
      expect(new URL(site.url).pathname).toMatch(/\/(car|home)-insurance\/$/);
      expect(mail.html).toContain(`href="${site.url}"`);
    }
    expect(mail.text).toContain('Compare quotes today:');
    // No other window links them.
    const lockIn = actionWindows({ category: 'mortgage', renewal_date: '2027-09-15' })[0]!;
    const other = await renderWindowMail({
      firstName: 'Ann',
      reminder: home,
      window: lockIn,
      late: false,
      url: 'https://example.test/r',
      unsubscribeUrl: 'https://example.test/u',
    });
    for (const site of sites) expect(other.html).not.toContain(site.url);
  });
});
