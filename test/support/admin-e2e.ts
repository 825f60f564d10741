/**
 * The admin console's browser tests (test/e2e/admin-*.test.ts): the admin they sign in as, with the
 * two reminders the screens count and the runs pick up, one signed-in admin context at 1280 px, and
 * the 360 px check every screen gets.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { expectFitsWidth, type E2e } from './e2e.ts';
import { addReminder, createUser, liveInDaytime, type TestUser } from './stack.ts';

export const london = () => DateTime.now().setZone('Europe/London');
/** The simulation's date, three days ahead. */
export const simDate = london().plus({ days: 3 }).toISODate()!;

export interface AdminConsole {
  admin: TestUser;
  /** Signed in as the admin at 1280 px, clipboard allowed; shared by a file's tests (they run in order). */
  adminContext: BrowserContext;
  /** The reminder whose 7-day mail falls on simDate (Insurance). */
  simReminderId: string;
  /** The reminder whose 7-day mail is due today (Broadband & Mobile). */
  realReminderId: string;
  /** A new page in the admin's context at `path`. */
  adminPage(path: string): Promise<Page>;
}

/** Creates the admin and its reminders and signs it in; call from beforeAll. */
export async function setUpAdminConsole({ stack, url, newContext, signInVia }: E2e): Promise<AdminConsole> {
  // A long address, as real ones are: the screens that show it (the e-mail test's) must wrap it at 360 px.
  const admin = await createUser(stack, { admin: true, label: 'administrator.account' });
  // The real run sends what is due now, at or after 08:00 in the owner's zone: the admin lives
  // where it is daytime, so the run finds the Real Broadband mail at any hour the test runs.
  const { today } = await liveInDaytime(stack, admin);
  const simReminderId = await addReminder(stack, admin, {
    title: 'Simulated Insurance',
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: DateTime.fromISO(simDate).plus({ days: 7 }).toISODate(),
    amount: 300,
  });
  const realReminderId = await addReminder(stack, admin, {
    title: 'Real Broadband',
    category: 'broadband_mobile',
    provider: 'BT',
    renewal_date: today.plus({ days: 7 }).toISODate(),
    amount: 45,
  });

  const adminContext = await newContext(1280);
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  // Signed out, /admin goes to /auth and comes back after signing in.
  const page = await adminContext.newPage();
  await signInVia(page, '/admin', admin);
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
  await page.close();

  async function adminPage(path: string): Promise<Page> {
    const opened = await adminContext.newPage();
    await opened.goto(url(path));
    return opened;
  }
  return { admin, adminContext, simReminderId, realReminderId, adminPage };
}

/**
 * Down to 360 px nothing overflows the page (tables scroll inside their labelled region): checked
 * on the loaded screen, resized in place, then back to 1280 px.
 */
export async function expectFits360(page: Page, label: string): Promise<void> {
  // Loaded: every panel's spinner has given way to its table or list.
  await page.locator('.spinner').first().waitFor({ state: 'detached' });
  await expectFitsWidth(page, 360, label);
}
