/**
 * The compiled mails (one React Email render per shape at build time, then a fill per mail) equal the
 * direct React Email render byte for byte, HTML and plain text, on generated hostile inputs; the fill,
 * not the direct fallback, is what produced them; and the committed plans (lambdas/mail/plans/) are
 * what the templates compile to today.
 */
import fc from 'fast-check';
import { createElement as h, Fragment } from 'react';
import { Button, Heading, Hr, Section, Text } from '@react-email/components';
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { compileTemplate, directFallbacks, escapeHtml } from '../../lambdas/mail/compile.ts';
import { Layout } from '../../lambdas/mail/templates/layout.tsx';
import { digestSubject, renderDigestMail, type DigestItem } from '../../lambdas/mail/digest.ts';
import { renderDigestMailDirect } from '../../lambdas/mail/templates/digest.tsx';
import { renderReminderMail, type ReminderMailProps } from '../../lambdas/mail/reminder.ts';
import { renderReminderMailDirect } from '../../lambdas/mail/templates/reminder.tsx';
import { renderSavingsFollowUp } from '../../lambdas/mail/savingsFollowUp.ts';
import { renderSavingsFollowUpDirect } from '../../lambdas/mail/templates/savingsFollowUp.tsx';
import { renderWelcome } from '../../lambdas/mail/welcome.ts';
import { renderWelcomeDirect } from '../../lambdas/mail/templates/welcome.tsx';
import { renderChange, renderInvitation } from '../../lambdas/mail/household.ts';
import { renderChangeDirect, renderInvitationDirect } from '../../lambdas/mail/templates/household.tsx';
import { renderConfirmSignUp } from '../../lambdas/mail/confirmSignUp.ts';
import { renderConfirmSignUpDirect } from '../../lambdas/mail/templates/confirmSignUp.tsx';
import { renderResetPassword } from '../../lambdas/mail/resetPassword.ts';
import { renderResetPasswordDirect } from '../../lambdas/mail/templates/resetPassword.tsx';
import { stalePlans } from '../../scripts/mail-plans.ts';
import {
  text,
  url,
  reminderProps,
  savingsProps,
  digestProps,
  welcomeProps,
  confirmProps,
  resetProps,
} from '../support/mailProps.ts';

const SLOW = 60_000;

/*
 * Run counts: each run renders twice (the fill and the direct React Email render, the costly one), so
 * the runs are few, and the cases they must not leave to chance are given as examples (every category,
 * the edge amounts and day counts, a wordless block). The arbitraries are biased towards the hostile
 * pieces, so a few dozen runs still meet each of them many times; every run of the suite draws new ones.
 */

/** Asserts compiled equals direct for every generated input, and that none fell back to the direct render. */
async function sameAsDirect<P>(
  props: fc.Arbitrary<P>,
  compiled: (p: P) => Promise<unknown>,
  direct: (p: P) => Promise<unknown>,
  numRuns: number,
  examples: P[] = [],
) {
  const before = directFallbacks();
  await fc.assert(
    fc.asyncProperty(props, async (p) => {
      expect(await compiled(p)).toStrictEqual(await direct(p));
    }),
    { numRuns, examples: examples.map((e) => [e] as [P]) },
  );
  expect(directFallbacks()).toBe(before);
}

/**
 * One reminder per category, cycling through the edge amounts, day counts and terms, so every category
 * and every edge is rendered on every run of the suite, whatever the random runs draw.
 */
const edgeReminders: ReminderMailProps[] = (() => {
  const base = fc.sample(reminderProps, { numRuns: 1, seed: 11 })[0]!;
  const amounts = [null, 0, 1_000_000_000, 1e15, 0.005, 1e21, 412.35];
  const days = [0, 1, 400, -1, 2, -30];
  return CATEGORY_VALUES.map((category, i) => ({
    ...base,
    daysLeft: days[i % days.length]!,
    reminder: {
      ...base.reminder,
      category,
      amount: amounts[i % amounts.length]!,
      last_term_amount: amounts[(i + 3) % amounts.length]!,
      auto_renew: i % 2 === 0,
      ...(i % 3 === 0 ? { act_by: '2027-02-28' } : {}),
    },
  }));
})();

describe('compiled mails equal the direct React Email render', () => {
  it(
    'reminder: every category, amounts null/0/large, 0/1/many days, any terms, quotes and members, hostile text',
    () => sameAsDirect(reminderProps, renderReminderMail, renderReminderMailDirect, 40, edgeReminders),
    SLOW,
  );

  it(
    'savings follow-up',
    () =>
      sameAsDirect(
        savingsProps,
        renderSavingsFollowUp,
        renderSavingsFollowUpDirect,
        40,
        edgeReminders.slice(0, 3).map(({ firstName, reminder, unsubscribeUrl }) => ({
          firstName,
          reminder,
          savingsUrl: unsubscribeUrl,
          unsubscribeUrl,
        })),
      ),
    SLOW,
  );

  it(
    'digest: any mix and order of reminder, window and follow-up items, with quotes and members',
    () => sameAsDirect(digestProps, renderDigestMail, renderDigestMailDirect, 20),
    SLOW,
  );

  it(
    'welcome, with and without the lifetime-free line',
    () => sameAsDirect(welcomeProps, renderWelcome, renderWelcomeDirect, 30),
    SLOW,
  );

  it(
    'the Cognito mails (HTML only): sign-up confirmation and password reset',
    async () => {
      await sameAsDirect(confirmProps, renderConfirmSignUp, renderConfirmSignUpDirect, 30);
      await sameAsDirect(resetProps, renderResetPassword, renderResetPasswordDirect, 30);
    },
    SLOW,
  );

  it(
    'the household mails: the invitation, and a member joined, left or was removed',
    async () => {
      await sameAsDirect(
        fc.record({ inviterFirstName: text, joinUrl: url, unsubscribeUrl: url }),
        renderInvitation,
        renderInvitationDirect,
        20,
      );
      await sameAsDirect(
        fc.record({
          firstName: text,
          whoFirstName: text,
          change: fc.constantFrom('joined' as const, 'left' as const, 'removed' as const),
          settingsUrl: url,
          unsubscribeUrl: url,
        }),
        renderChange,
        renderChangeDirect,
        20,
      );
    },
    SLOW,
  );

  it(
    'the committed plans are what the templates compile to (else: npm run mail:plans)',
    async () => expect(await stalePlans()).toStrictEqual([]),
    SLOW,
  );

  it('renders a link that is not plain http(s) directly, still identical', async () => {
    const base = fc.sample(reminderProps, { numRuns: 1, seed: 7 })[0]!;
    for (const dashboardUrl of [
      'javascript:alert(1)',
      ' javascript:x',
      '',
      '#top',
      'mailto:a@b.test',
      '/rel',
    ]) {
      const before = directFallbacks();
      const props = { ...base, dashboardUrl };
      expect(await renderReminderMail(props)).toStrictEqual(await renderReminderMailDirect(props));
      expect(directFallbacks()).toBe(before + 1);
    }
  });
});

/**
 * A template that puts values where the real ones do not (yet): glued to text on either side, at both
 * edges of a block, alone in a block, in upper-cased headings, in items of three shapes.
 */
type ProbeItem =
  { kind: 'x'; fields: { v: string } } | { kind: 'y'; fields: { v: string; w: string | null } };
type ProbeView = {
  preview: string;
  fields: { a: string; b: string; solo: string; link: string; maybe: string | null };
  items: readonly ProbeItem[];
};

function Probe({ preview, fields: f, items }: ProbeView) {
  const children = h(
    Fragment,
    null,
    h(Heading, null, `[${f.a}]x${f.b}`),
    h(Text, null, `${f.a} mid ${f.b}`),
    h(Text, null, `(${f.a})`, f.maybe !== null ? `<${f.maybe}>` : ''),
    h(Text, null, f.solo),
    h(Button, { href: f.link }, 'Go'),
    items.map((item, i) =>
      h(
        Fragment,
        { key: i },
        i > 0 ? h(Hr) : null,
        h(
          Section,
          null,
          item.kind === 'x'
            ? h(Text, null, `x:${item.fields.v}.`)
            : h(
                Heading,
                { as: 'h2' },
                `y ${item.fields.v}`,
                item.fields.w === null ? '' : ` w=${item.fields.w}`,
              ),
        ),
      ),
    ),
  );
  return h(Layout, { preview, footer: 'Footer', unsubscribeUrl: f.link, children });
}

const probe = compileTemplate(Probe, [
  { kind: 'x', fields: { v: '' } },
  { kind: 'y', fields: { v: '', w: '' } },
  { kind: 'y', fields: { v: '', w: null } },
]);
const probeItem: fc.Arbitrary<ProbeItem> = fc.oneof(
  fc.record({ kind: fc.constant('x' as const), fields: fc.record({ v: text }) }),
  fc.record({ kind: fc.constant('y' as const), fields: fc.record({ v: text, w: fc.option(text) }) }),
);
const probeView: fc.Arbitrary<ProbeView> = fc.record({
  preview: text,
  fields: fc.record({ a: text, b: text, solo: text, link: url, maybe: fc.option(text) }),
  items: fc.array(probeItem, { maxLength: 5 }),
});

describe('the compiler on values in every position', () => {
  it(
    'equals the direct render, falling back only for a block left without a word',
    async () => {
      await fc.assert(
        fc.asyncProperty(probeView, async (view) => {
          const before = directFallbacks();
          expect(await probe.render(view)).toStrictEqual(await probe.direct(view));
          const wordless = !/[^ \t\r\n\f\u200b]/.test(view.fields.solo);
          expect(directFallbacks() - before).toBe(wordless ? 1 : 0);
        }),
        {
          numRuns: 60,
          // Both sides of the fallback rule, every run: an empty and a whitespace-only block.
          examples: ['', ' \t\u200b'].map((solo): [ProbeView] => [
            {
              preview: 'Preview',
              fields: { a: 'A', b: 'B', solo, link: 'https://example.test/', maybe: null },
              items: [{ kind: 'x' as const, fields: { v: 'v' } }],
            },
          ]),
        },
      );
    },
    SLOW,
  );

  it('refuses a template where two values touch', async () => {
    const touching = compileTemplate((view: { fields: { a: string; b: string } }) =>
      h(Text, null, `${view.fields.a}${view.fields.b}`),
    );
    await expect(touching.render({ fields: { a: '\ud83d', b: '\ude00' } })).rejects.toThrow(/touches/);
  });
});

describe('escaping', () => {
  it('escapes as React does', () => {
    expect(escapeHtml(`"><script>alert('x')&</script>`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&amp;&lt;/script&gt;',
    );
  });

  it('keeps a "><script> in a link inside its href attribute', async () => {
    const attack = 'https://example.test/"><script>alert(1)</script>';
    const props: ReminderMailProps = {
      firstName: '<b>Ann</b>',
      reminder: {
        title: '"><script>',
        provider: 'Aviva',
        category: 'insurance',
        renewal_date: '2027-01-15',
        amount: 1,
      },
      daysLeft: 3,
      dashboardUrl: attack,
      calendarUrl: attack,
      unsubscribeUrl: attack,
    };
    const mail = await renderReminderMail(props);
    expect(mail).toStrictEqual(await renderReminderMailDirect(props));
    expect(mail.html).toContain(
      'href="https://example.test/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(mail.text).toContain(`Open this reminder ${attack}`);
  });
});

describe('digest copy', () => {
  const home: DigestItem = {
    kind: 'reminder',
    reminder: {
      id: 'r1',
      title: 'Home insurance',
      provider: 'Aviva',
      category: 'insurance',
      renewal_date: '2027-01-15',
      amount: 412.35,
    },
    daysLeft: 1,
    url: 'https://example.test/dashboard',
    calendarUrl: 'https://example.test/api/calendar/event/r1.ics',
  };
  const broadband: DigestItem = {
    kind: 'savings',
    reminder: { id: 'r2', title: 'Broadband', provider: 'BT', renewal_date: '2026-12-01' },
    url: 'https://example.test/savings/r2',
  };

  it('counts the renewals in the subject and needs two or more', () => {
    expect(digestSubject([home, broadband])).toBe('2 renewals to review: Home insurance and 1 more');
    const car = { ...home, reminder: { ...home.reminder, id: 'r3', title: 'Car insurance' } } as DigestItem;
    expect(digestSubject([broadband, home, car])).toBe('3 renewals to review: Broadband and 2 more');
    expect(() => digestSubject([home])).toThrow(RangeError);
  });

  it('greets once and shows each item in order with its own sentences, separated by a rule', async () => {
    const mail = await renderDigestMail({
      firstName: '',
      items: [home, broadband],
      unsubscribeUrl: 'https://example.test/u',
    });
    const expected = [
      'Hi there,',
      'YOUR HOME INSURANCE RENEWS IN 1 DAY',
      'Home insurance with Aviva renews on Friday 15 January 2027. You told us it costs £412.35.',
      'Compare quotes now:',
      'Open this reminder https://example.test/dashboard',
      'Add to calendar https://example.test/api/calendar/event/r1.ics',
      '-'.repeat(40),
      'HOW DID YOU DO WITH BROADBAND?',
      'Broadband with BT renewed on Tuesday 1 December 2026. How did it go?',
      'I switched https://example.test/savings/r2?choice=switched',
      'I cancelled it https://example.test/savings/r2?choice=cancelled',
      'Unsubscribe from reminder e-mails https://example.test/u',
    ];
    const at = expected.map((line) => mail.text.indexOf(line));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toStrictEqual([...at].sort((a, b) => a - b));
    expect(mail.text.split('Hi there,')).toHaveLength(2);
    // The inbox preview is the subject.
    expect(mail.html).toContain(
      'data-skip-in-text="true">2 renewals to review: Home insurance and 1 more<div>',
    );
  });
});
