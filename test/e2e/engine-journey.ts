/**
 * The product's core journeys in an engine other than Chromium (engines-firefox.test.ts,
 * engines-webkit.test.ts), in one compact run on one local stack, one browser and one page: two
 * prerendered public pages, signing up and confirming by the mailed link, adding and editing a
 * reminder with its date typed into the engine's own date field, the dashboard at 390 and 1280 px,
 * recording an outcome, and Settings with its notifications section; axe on each screen. What the
 * Chromium journeys check in depth (every rule, every error path) they check once, in Chromium;
 * here, that the same journeys work in the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnginePage, Query } from '../support/engines/page.ts';
import { useTestStack } from '../support/fixtures.ts';
import { builtWebDir } from '../support/web-dir.ts';
import { confirmationLink, uniqueEmail } from '../support/stack.ts';

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1280, height: 800 } as const;
const DIALOG: Query = { role: 'dialog' };
/** The reminder's date field, under whichever label its kind gives it. */
const DATE_FIELD: Query = { label: /^(Deal ends|Renews on|Next payment) \*$/, within: DIALOG };

/**
 * Whether the focused element shows the product's focus ring: 'ring', 'no ring', or that the page
 * itself has no focus (then no engine draws one). WebKit never counts a date field as
 * :focus-visible, not even reached by Tab, so a ring drawn on :focus-visible alone never shows there.
 */
const FOCUS_RING = `(() => {
  if (!document.hasFocus()) return 'the page has no focus';
  const style = getComputedStyle(document.activeElement);
  return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? 'ring' : 'no ring';
})()`;

/** A UK date as the product shows it. */
const uk = (date: DateTime) => date.toFormat('dd/MM/yyyy');

/** The engine's message for the notifications section, whichever way it cannot do Web Push. */
export interface NotificationsCase {
  /** What to do in the section first (Firefox: press the button), if anything. */
  press?: string;
  /** The product's message the section then shows. */
  message: string;
}

export function engineJourney(launch: () => Promise<EnginePage>, notifications: NotificationsCase): void {
  let page: EnginePage;
  let launching: Promise<EnginePage> | undefined;
  // The browser starts while the stack does; a browser that is not installed fails the file here.
  beforeAll(() => {
    launching = launch();
    launching.catch(() => undefined);
  });
  let webDir = '';
  beforeAll(async () => {
    webDir = await builtWebDir();
  });
  const stack = useTestStack(() => ({ webDir }));
  beforeAll(async () => {
    page = await launching!;
  });
  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
  });

  const url = (to: string) => `${stack.appUrl}${to}`;
  const email = uniqueEmail('engine');
  const password = 'Engine-123';
  const today = DateTime.now().setZone('Europe/London').startOf('day');
  let reminderPath: string;

  /** axe finds nothing serious or critical on what the page shows now. */
  const expectAccessible = async (screen: string) =>
    expect(await page.axe(), `${page.engine}: axe on ${screen}`).toEqual([]);

  /** With SCREENSHOT_DIR set, the whole page as engines/<engine>/<name>.png under it. */
  async function screenshot(name: string) {
    const dir = process.env.SCREENSHOT_DIR;
    if (!dir) return;
    const engineDir = path.join(dir, 'engines', page.engine);
    fs.mkdirSync(engineDir, { recursive: true });
    await page.screenshot(path.join(engineDir, `${name}.png`));
  }

  describe('core journeys', () => {
    it('shows prerendered public pages, hydrated and axe clean, and leads to sign-up', async () => {
      await page.setViewport(PHONE.width, PHONE.height);
      await page.goto(url('/car-insurance'));
      await page.waitFor({ role: 'heading', name: /car insurance/i });
      await page.waitForText('27%');
      expect(await page.evaluate<string>('document.title')).toBe(
        'Car Insurance Renewal Reminders | Renewal Reminders',
      );
      await expectAccessible('/car-insurance');

      await page.goto(url('/'));
      await page.waitForText('Never miss a renewal again.');
      // The founding-member count comes from the API once the page's script runs.
      await page.waitForText(/places left/);
      await expectAccessible('/');
      await page.click({ role: 'link', name: 'Get Started Free' });
      await page.waitForPath(/^\/auth\?tab=signup$/);
    });

    it('signs up and confirms by the mailed link, which signs in', async () => {
      await page.fill({ label: 'Email' }, email);
      await page.fill({ label: 'Password' }, password);
      await page.fill({ label: /^First Name/ }, 'Jane');
      await page.fill({ label: /^Last Name/ }, 'Doe');
      expect(await page.value({ label: /^Country/ })).toBe('GB');
      await page.click({ role: 'button', name: 'Create Account' });
      await page.waitFor({ role: 'heading', name: 'Check your email' });
      await expectAccessible('the sign-up panel');

      // The mail is in the local mailbox once Cognito's sign-up has sent it.
      await expect
        .poll(() =>
          confirmationLink(stack, email).then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
      await page.goto((await confirmationLink(stack, email)).toString());
      await page.waitForText('Welcome!');
      await page.waitForPath(/^\/dashboard$/);
      await page.waitForText('No reminders yet. Add your first reminder to start saving money!');
    });

    it('adds a reminder and edits it, typing its dates into the date field', async () => {
      const renews = today.plus({ days: 10 });
      await page.click({ role: 'button', name: 'Add Your First Reminder' });
      await page.waitFor({ role: 'heading', name: 'Add New Reminder', within: DIALOG });
      await page.fill({ label: /^Title/, within: DIALOG }, 'Home Insurance');
      await page.select({ label: /^Category/, within: DIALOG }, 'insurance');
      await page.fill({ label: /^Provider/, within: DIALOG }, 'Aviva');
      await page.fill({ label: /^Amount/, within: DIALOG }, '412.35');
      await page.fill(DATE_FIELD, renews.toISODate()!);
      expect(await page.evaluate(FOCUS_RING), 'the date field, focused').toBe('ring');
      await expectAccessible('the reminder dialog');
      await screenshot('reminder-dialog-390');
      await page.click({ role: 'button', name: 'Create Reminder', within: DIALOG });
      await page.waitForText('Reminder created successfully');
      await page.waitGone(DIALOG);
      await page.waitForText(uk(renews));
      await page.waitForText('£412.35');
      await page.waitForText('10 days');

      // Edit: the field shows the saved date, and a new one typed over it is saved.
      const moved = today.plus({ days: 40 });
      await page.click({ role: 'button', name: 'Edit Home Insurance' });
      await page.waitFor({ role: 'heading', name: 'Edit Reminder', within: DIALOG });
      expect(await page.value(DATE_FIELD)).toBe(renews.toISODate());
      await page.fill(DATE_FIELD, moved.toISODate()!);
      await page.fill({ label: /^Title/, within: DIALOG }, 'Home & Contents Insurance');
      await page.click({ role: 'button', name: 'Update Reminder', within: DIALOG });
      await page.waitForText('Reminder updated successfully');
      await page.waitGone(DIALOG);
      await page.waitForText(uk(moved));
      await page.waitForText('40 days');
      reminderPath = await page.evaluate<string>(
        "document.querySelector('a.reminder-link').getAttribute('href')",
      );
      expect(reminderPath).toMatch(/^\/reminders\/[0-9a-f-]{36}$/);
    });

    it('shows the dashboard at 390 and 1280 px, axe clean, without sideways scrolling', async () => {
      for (const { width, height } of [PHONE, LAPTOP]) {
        await page.setViewport(width, height);
        await page.waitFor({ role: 'link', name: 'Home & Contents Insurance' });
        expect(await page.horizontalOverflow(), `the dashboard at ${width} px`).toBeLessThanOrEqual(0);
        await expectAccessible(`the dashboard at ${width} px`);
        await screenshot(`dashboard-${width}`);
      }
      await page.setViewport(PHONE.width, PHONE.height);
    });

    it('records an outcome from the mailed link: a switch, its next date typed', async () => {
      const next = today.plus({ years: 1, days: 3 });
      await page.goto(url(reminderPath.replace('/reminders/', '/savings/')));
      await page.waitFor({ role: 'heading', name: 'How did you do?' });
      await page.check({ label: 'I switched' });
      await page.fill({ label: 'Next renewal date' }, next.toISODate()!);
      await page.fill({ label: 'New provider' }, 'Direct Line');
      await page.fill({ label: /^Amount saved \(£\)/ }, '125.50');
      await expectAccessible('the outcome page');
      await page.click({ role: 'button', name: 'Record Savings' });
      await page.waitForText('Great job saving £125.50!');
      await page.waitForPath(/^\/dashboard$/);
      await page.waitForText("You've reported saving £125.50!");
      // The switch moved the reminder on to its next term, with the new provider.
      await page.waitForText(uk(next));
      await page.waitForText('Direct Line');
    });

    it('saves Settings, and says in the notifications section what this browser cannot do', async () => {
      await page.click({ role: 'button', name: /account menu/i });
      await page.click({ role: 'menuitem', name: 'Settings' });
      await page.waitForPath(/^\/settings$/);
      await page.waitFor({ role: 'heading', name: 'Profile Settings' });
      await page.fill({ label: 'First Name' }, 'Priya');
      await page.click({ role: 'button', name: 'Save Changes' });
      await page.waitForText('Settings updated successfully');

      const section: Query = { role: 'region', name: 'Notifications' };
      if (notifications.press) {
        await page.allowNotifications(stack.appUrl);
        await page.click({ role: 'button', name: notifications.press, within: section });
      }
      await page.waitForText(notifications.message, section);
      await expectAccessible('Settings');
      await screenshot('settings-390');
    });
  });
}
