/**
 * The mails look the same in a browser whether React Email renders them or the Lambdas fill them
 * from the build-time plans (lambdas/mail/plans/): every template, with plain and hostile values and
 * previews long and short, screenshotted in Chromium at 390 px and 1280 px and compared pixel for
 * pixel. (test/unit/mail-compile.test.ts proves the HTML byte-identical; this is the eye's check.)
 * No local stack: the HTML goes straight into the page, with the network off. A few seconds.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderConfirmSignUp } from '../../lambdas/mail/confirmSignUp.ts';
import { renderDigestMail, type DigestItem } from '../../lambdas/mail/digest.ts';
import { directFallbacks } from '../../lambdas/mail/fill.ts';
import { renderReminderMail, type ReminderMailProps } from '../../lambdas/mail/reminder.ts';
import { renderResetPassword } from '../../lambdas/mail/resetPassword.ts';
import { renderSavingsFollowUp } from '../../lambdas/mail/savingsFollowUp.ts';
import { renderConfirmSignUpDirect } from '../../lambdas/mail/templates/confirmSignUp.tsx';
import { renderDigestMailDirect } from '../../lambdas/mail/templates/digest.tsx';
import { renderReminderMailDirect } from '../../lambdas/mail/templates/reminder.tsx';
import { renderResetPasswordDirect } from '../../lambdas/mail/templates/resetPassword.tsx';
import { renderSavingsFollowUpDirect } from '../../lambdas/mail/templates/savingsFollowUp.tsx';
import { renderWelcomeDirect } from '../../lambdas/mail/templates/welcome.tsx';
import { renderWelcome } from '../../lambdas/mail/welcome.ts';
import { encodeLinkAddress, LINK_ADDRESS_PARAM } from '../../shared/linkSignIn.ts';
import { launchChromium, WIDTHS } from '../support/e2e.ts';

const SITE = 'https://renewals.example.co.uk';
const hostile = `Zoë <b>"O'Brien"</b> & co 😀 `;
const reminder: ReminderMailProps = {
  firstName: 'Ann',
  reminder: {
    title: 'Home insurance',
    provider: 'Aviva',
    category: 'insurance',
    renewal_date: '2027-01-15',
    amount: 412.35,
    act_by: '2027-01-08',
    last_term_amount: 380,
    auto_renew: true,
  },
  daysLeft: 7,
  dashboardUrl: `${SITE}/dashboard`,
  calendarUrl: `${SITE}/api/calendar/event/u.r.sig.ics`,
  unsubscribeUrl: `${SITE}/unsubscribe?token=abc`,
};
const longTitle = `Car insurance: ${'joint policy, '.repeat(12)}`;
const items: DigestItem[] = [
  {
    kind: 'reminder',
    reminder: { ...reminder.reminder, id: 'r1' },
    daysLeft: 1,
    url: SITE,
    calendarUrl: SITE,
  },
  {
    kind: 'reminder',
    reminder: {
      id: 'r2',
      title: hostile,
      provider: 'BT',
      category: 'broadband_mobile',
      renewal_date: '2027-02-01',
      amount: null,
    },
    daysLeft: 0,
    url: SITE,
    calendarUrl: SITE,
  },
  {
    kind: 'savings',
    reminder: { id: 'r3', title: 'Netflix', provider: 'Netflix', renewal_date: '2026-12-01' },
    url: SITE,
  },
];

type Mail = { html: string };
const CASES: { name: string; filled: () => Promise<Mail>; direct: () => Promise<Mail> }[] = [
  {
    name: 'reminder',
    filled: () => renderReminderMail(reminder),
    direct: () => renderReminderMailDirect(reminder),
  },
  {
    name: 'reminder, hostile values and a long preview',
    filled: () =>
      renderReminderMail({
        ...reminder,
        firstName: hostile,
        reminder: { ...reminder.reminder, title: longTitle, amount: null },
      }),
    direct: () =>
      renderReminderMailDirect({
        ...reminder,
        firstName: hostile,
        reminder: { ...reminder.reminder, title: longTitle, amount: null },
      }),
  },
  {
    name: 'savings follow-up',
    filled: () =>
      renderSavingsFollowUp({
        firstName: hostile,
        reminder: reminder.reminder,
        savingsUrl: SITE,
        unsubscribeUrl: SITE,
      }),
    direct: () =>
      renderSavingsFollowUpDirect({
        firstName: hostile,
        reminder: reminder.reminder,
        savingsUrl: SITE,
        unsubscribeUrl: SITE,
      }),
  },
  {
    name: 'digest of three',
    filled: () => renderDigestMail({ firstName: 'Ann', items, unsubscribeUrl: SITE }),
    direct: () => renderDigestMailDirect({ firstName: 'Ann', items, unsubscribeUrl: SITE }),
  },
  {
    name: 'welcome (lifetime free)',
    filled: () =>
      renderWelcome({ firstName: '', lifetimeFree: true, dashboardUrl: SITE, unsubscribeUrl: SITE }),
    direct: () =>
      renderWelcomeDirect({ firstName: '', lifetimeFree: true, dashboardUrl: SITE, unsubscribeUrl: SITE }),
  },
  {
    name: 'sign-up confirmation',
    filled: () =>
      renderConfirmSignUp({
        firstName: hostile,
        confirmUrl: `${SITE}/auth/callback?email=a%40b.test&code={####}`,
      }),
    direct: () =>
      renderConfirmSignUpDirect({
        firstName: hostile,
        confirmUrl: `${SITE}/auth/callback?email=a%40b.test&code={####}`,
      }),
  },
  {
    name: 'password reset',
    filled: () => renderResetPassword({ firstName: 'Ann', code: '{####}', signInUrl: `${SITE}/auth` }),
    direct: () => renderResetPasswordDirect({ firstName: 'Ann', code: '{####}', signInUrl: `${SITE}/auth` }),
  },
];

let browser: Browser;
const pages = new Map<number, Page>();

beforeAll(async () => {
  browser = await launchChromium();
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    // Nothing leaves the page: a mail that fetched something would not render the same twice anyway.
    await context.route('**/*', (route) => route.abort());
    pages.set(width, await context.newPage());
  }
});

afterAll(async () => {
  await browser?.close();
});

async function screenshot(width: number, html: string): Promise<Buffer> {
  const page = pages.get(width)!;
  await page.setContent(html, { waitUntil: 'load' });
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

/** The browser APIs differingPixels uses (the project's TypeScript has no DOM library). */
interface ImageApis {
  createImageBitmap(blob: Blob): Promise<{ width: number; height: number }>;
  OffscreenCanvas: new (
    width: number,
    height: number,
  ) => {
    getContext(kind: '2d'): {
      drawImage(image: unknown, x: number, y: number): void;
      getImageData(
        x: number,
        y: number,
        width: number,
        height: number,
      ): {
        width: number;
        height: number;
        data: Uint8ClampedArray;
      };
    } | null;
  };
}

/** How many pixels differ between two PNG screenshots, decoded by the browser (-1: sizes differ). */
async function differingPixels(a: Buffer, b: Buffer): Promise<number> {
  const page = pages.get(WIDTHS[0])!;
  await page.setContent('<!doctype html><title>diff</title>');
  return page.evaluate(
    async ([first, second]) => {
      const { createImageBitmap, OffscreenCanvas } = globalThis as unknown as ImageApis;
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = [await decode(first), await decode(second)];
      if (x.width !== y.width || x.height !== y.height) return -1;
      let differ = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (
          x.data[i] !== y.data[i] ||
          x.data[i + 1] !== y.data[i + 1] ||
          x.data[i + 2] !== y.data[i + 2] ||
          x.data[i + 3] !== y.data[i + 3]
        )
          differ++;
      }
      return differ;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

describe('filled mails look exactly like React Email’s', () => {
  for (const { name, filled, direct } of CASES) {
    it(name, async () => {
      const before = directFallbacks();
      const [mine, theirs] = [await filled(), await direct()];
      expect(directFallbacks()).toBe(before);
      for (const width of WIDTHS) {
        const [a, b] = [await screenshot(width, mine.html), await screenshot(width, theirs.html)];
        expect(await differingPixels(a, b), `${name} at ${width} px`).toBe(0);
      }
    });
  }

  it('and the comparison sees a difference when there is one', async () => {
    const [a, b] = [
      await screenshot(WIDTHS[0], (await renderReminderMail(reminder)).html),
      await screenshot(WIDTHS[0], (await renderReminderMail({ ...reminder, firstName: 'Bob' })).html),
    ];
    expect(await differingPixels(a, b)).toBeGreaterThan(0);
  });
});

describe('on a phone', () => {
  it("wraps the confirmation's link shown as text, so the mail never scrolls sideways at 390 px", async () => {
    // As the CustomMessage trigger writes it: the code, then the address base64url-encoded in the
    // fragment, one long run of letters with nowhere to break.
    const address = encodeLinkAddress('alexandra.montgomery-smith@long-family-name.example.co.uk');
    const confirmUrl = `${SITE}/auth/callback?code={####}#${LINK_ADDRESS_PARAM}=${address}`;
    const page = pages.get(390)!;
    await page.setContent((await renderConfirmSignUp({ firstName: 'Alexandra', confirmUrl })).html, {
      waitUntil: 'load',
    });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // The link is all there, on several lines.
    const lines = await page.evaluate<number>(`(() => {
      const text = [...document.querySelectorAll('p')].find((p) => p.textContent.startsWith('Or paste'));
      const range = document.createRange();
      range.selectNodeContents(text);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    })()`);
    expect(lines).toBeGreaterThan(1);
  });
});
