/**
 * Importing reminders in Chromium: one account's export, imported from the dashboard into another,
 * gives the same reminders field by field, and importing it again finds only duplicates (1280 px); a
 * file with a bad row imports its good rows and shows the bad one's error by its row number, and a
 * file of the wrong type is refused, at the narrowest phone (360 px), from Settings too; a Wallos
 * export dropped on the dialog, with HTML-escaped names and prices in other currencies, is previewed
 * as it will be saved (390 px, then 1280 px). axe with the dialog open and its preview showing.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { IMPORT_MESSAGES } from '../../shared/import.ts';
import { expectAccessible, expectNoHorizontalOverflow, toast, useE2e } from '../support/e2e.ts';
import { addReminder, api, createUser, type TestUser, userWithReminder } from '../support/stack.ts';

const { stack, signedInPage } = useE2e();

const FIELDS = [
  'title',
  'category',
  'provider',
  'renewal_date',
  'amount',
  'notes',
  'repeats',
  'billing',
  'date_kind',
  'auto_renew',
  'act_by',
  'lead_days',
] as const;

/** The user's reminders as the API lists them, by title, with the fields a file carries. */
async function remindersOf(user: TestUser) {
  const response = await api(stack, user.accessToken)('GET', '/api/reminders');
  expect(response.status).toBe(200);
  const reminders = (response.json as { reminders: Reminder[] }).reminders;
  return reminders
    .map((r) => Object.fromEntries(FIELDS.map((field) => [field, r[field]])))
    .sort((a, b) => String(a.title).localeCompare(String(b.title)));
}

/** The dashboard's 'Import' opens the dialog; the file is chosen as a user would. */
async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import reminders' });
  await dialog.waitFor();
  return dialog;
}

const listedTitles = async (page: Page) =>
  (await page.getByRole('region', { name: 'Your Reminders' }).getByRole('link').allTextContents()).sort();

describe('import', () => {
  it("imports another account's export as the same reminders, and skips them the second time", async () => {
    const { user: owner } = await userWithReminder(stack, 'import-from', {
      title: 'Home insurance',
      provider: 'Aviva',
      renewal_date: '2031-03-31',
      amount: 420.5,
      repeats: 'two_yearly',
      auto_renew: true,
      act_by: '2031-03-01',
      lead_days: [45, 10, 0],
    });
    await addReminder(stack, owner, {
      title: 'Broadband, fibre',
      category: 'broadband_mobile',
      provider: 'BT',
      renewal_date: '2031-05-01',
      amount: 35,
      notes: 'Line one, with a comma\nLine "two"',
    });
    await addReminder(stack, owner, {
      title: '=Gym membership',
      category: 'subscriptions',
      provider: 'PureGym',
      renewal_date: '2031-07-15',
    });
    const settings = await signedInPage(owner, 1280, '/settings');
    const [download] = await Promise.all([
      settings.waitForEvent('download'),
      settings
        .getByRole('region', { name: 'Your data' })
        .getByRole('button', { name: 'Export reminders' })
        .click(),
    ]);
    const file = {
      name: download.suggestedFilename(),
      mimeType: 'text/csv',
      buffer: await readFile((await download.path())!),
    };
    await settings.context().close();

    const user = await createUser(stack, { label: 'import-to' });
    const page = await signedInPage(user, 1280);
    await page.getByText('No reminders yet').waitFor();
    const dialog = await openImport(page);
    const importButton = dialog.getByRole('button', { name: /^Import/ });
    expect(await importButton.isDisabled()).toBe(true);
    await dialog.getByLabel('File').setInputFiles(file);

    const preview = dialog.getByRole('region', { name: 'Preview' });
    await dialog
      .getByRole('status')
      .getByText('Renewal Reminders CSV: 3 rows, 3 ready to import, 0 with errors', { exact: true })
      .waitFor();
    expect(await preview.getByText('Ready', { exact: true }).count()).toBe(3);
    // The export's escaped formula is the title again; dates as the app shows them.
    const gym = preview.getByRole('listitem').filter({ hasText: 'Row 4' });
    expect(await gym.textContent()).toContain('=Gym membership');
    expect(await gym.textContent()).not.toContain("'=");
    expect(await preview.getByRole('listitem').filter({ hasText: 'Row 2' }).textContent()).toContain(
      '31/03/2031',
    );
    expect(await importButton.textContent()).toBe('Import 3 reminders');
    await expectAccessible(page, 'import dialog with its preview');

    await importButton.click();
    await toast(page, 'Imported 3 reminders').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: '=Gym membership', exact: true }).waitFor();
    expect(await listedTitles(page)).toEqual(
      ['=Gym membership', 'Broadband, fibre', 'Home insurance'].sort(),
    );
    expect(await remindersOf(user)).toEqual(await remindersOf(owner));

    // The same file again: every row is one the user has now.
    const again = await openImport(page);
    // The dialog starts afresh: no file, no preview.
    expect(await again.getByRole('region', { name: 'Preview' }).count()).toBe(0);
    await again.getByLabel('File').setInputFiles(file);
    await again
      .getByRole('status')
      .getByText(
        'Renewal Reminders CSV: 3 rows, 0 ready to import, 0 with errors, 3 already in your reminders',
        { exact: true },
      )
      .waitFor();
    expect(await again.getByText(IMPORT_MESSAGES.duplicate, { exact: true }).count()).toBe(3);
    await again.getByText(IMPORT_MESSAGES.nothingNew, { exact: true }).waitFor();
    expect(await again.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await again.getByRole('button', { name: 'Close' }).click();
    await again.waitFor({ state: 'detached' });
    expect((await remindersOf(user)).length).toBe(3);
    await page.context().close();
  });

  it('imports the good rows of a file with a bad one, and refuses a file of the wrong type, at 360 px', async () => {
    const user = await createUser(stack, { label: 'import-bad-row' });
    const page = await signedInPage(user, 360);
    await page.getByText('No reminders yet').waitFor();
    await expectNoHorizontalOverflow(page, 'dashboard with Import');

    const dialog = await openImport(page);
    const fileInput = dialog.getByLabel('File');
    // The dialog opens on its 'Choose a file' button.
    expect(
      await page.evaluate<string | null>(`document.activeElement && document.activeElement.textContent`),
    ).toBe('Choose a file');
    const importButton = dialog.getByRole('button', { name: /^Import/ });

    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Renew the car insurance'),
    });
    expect(await dialog.getByRole('alert').textContent()).toBe(IMPORT_MESSAGES.wrongType);
    expect(await dialog.getByRole('region', { name: 'Preview' }).count()).toBe(0);
    expect(await importButton.isDisabled()).toBe(true);

    await fileInput.setInputFiles({
      name: 'my-renewals.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Title,Category,Provider,Renewal date,Amount',
          'Car insurance,Insurance,Admiral,2031-01-20,612.40',
          'Car tax,car_tax_mot,DVLA,2027-02-30,',
          // As a UK spreadsheet writes a date.
          'Mobile,broadband_mobile,EE,28/02/2031,£18.00',
        ].join('\n'),
      ),
    });
    await dialog
      .getByRole('status')
      .getByText('Renewal Reminders CSV: 3 rows, 2 ready to import, 1 with errors', { exact: true })
      .waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    const bad = dialog
      .getByRole('region', { name: 'Preview' })
      .getByRole('listitem')
      .filter({ hasText: 'Row 3' });
    expect(await bad.textContent()).toContain('Car tax');
    expect(await bad.textContent()).toContain(IMPORT_MESSAGES.renewalDateInvalid);
    expect(await bad.getByText('Ready', { exact: true }).count()).toBe(0);
    expect(await importButton.textContent()).toBe('Import 2 reminders');
    await expectNoHorizontalOverflow(page, 'import dialog at 360 px');
    await expectAccessible(page, 'import dialog with a bad row');

    await importButton.click();
    await toast(page, 'Imported 2 reminders').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Mobile', exact: true }).waitFor();
    expect(await listedTitles(page)).toEqual(['Car insurance', 'Mobile']);
    expect(await remindersOf(user)).toEqual([
      expect.objectContaining({ title: 'Car insurance', category: 'insurance', amount: 612.4 }),
      expect.objectContaining({ title: 'Mobile', renewal_date: '2031-02-28', amount: 18 }),
    ]);
    await expectNoHorizontalOverflow(page, 'dashboard after the import');

    // Settings offers the same dialog; Escape closes it.
    await page.goto(`${stack.appUrl}/settings`);
    await page
      .getByRole('region', { name: 'Your data' })
      .getByRole('button', { name: 'Import reminders' })
      .click();
    const fromSettings = page.getByRole('dialog', { name: 'Import reminders' });
    await fromSettings.getByRole('button', { name: 'Choose a file' }).waitFor();
    await page.keyboard.press('Escape');
    await fromSettings.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('previews a Wallos export as it will be saved: names decoded, other currencies not in pounds, each term (390 px)', async () => {
    const user = await createUser(stack, { label: 'import-wallos' });
    const page = await signedInPage(user, 390);
    await page.getByText('No reminders yet').waitFor();
    const dialog = await openImport(page);
    // Dropped on the dialog, as from a file manager.
    const text = await readFile(
      new URL('../support/import-samples/wallos-v2.41.json', import.meta.url),
      'utf8',
    );
    const dataTransfer = await page.evaluateHandle((json) => {
      // The page's own classes (this file is type-checked without the DOM's).
      const { DataTransfer, File } = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: string[], name: string, options: { type: string }) => unknown;
      };
      const transfer = new DataTransfer();
      transfer.items.add(new File([json], 'subscriptions.json', { type: 'application/json' }));
      return transfer;
    }, text);
    await dialog.getByText('Drop the file here, or').dispatchEvent('drop', { dataTransfer });
    await dialog.getByText('subscriptions.json', { exact: true }).waitFor();
    await dialog
      .getByRole('status')
      .getByText('Wallos export: 11 rows, 9 ready to import, 2 with errors', { exact: true })
      .waitFor();
    const preview = dialog.getByRole('region', { name: 'Preview' });
    const rowText = async (n: number) =>
      (await preview
        .getByRole('listitem')
        .filter({ hasText: `Row ${n}` })
        .first()
        .textContent()) ?? '';
    const netflix = await rowText(1);
    expect(netflix).toContain('£15.99 every month');
    const insurance = await rowText(2);
    expect(insurance).toContain('M&S Home Insurance');
    expect(insurance).not.toContain('&amp;');
    expect(insurance).toContain(IMPORT_MESSAGES.notInPounds('€459.50'));
    expect(insurance).toContain('Every year');
    expect(insurance).toContain('20/05/2031');
    expect(await rowText(3)).toContain("O'Neill Broadband");
    expect(await rowText(3)).toContain('Every 6 months');
    expect(await rowText(5)).toContain(IMPORT_MESSAGES.cycleRounded('Every 4 Months', 'Every 3 months'));
    await expectNoHorizontalOverflow(page, 'Wallos preview at 390 px');
    await expectAccessible(page, 'import dialog with a Wallos preview');
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/import-preview-390.png` });
    // The same preview on a wide screen.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoHorizontalOverflow(page, 'Wallos preview at 1280 px');
    // The long preview scrolls; 'Import' stays in view at the dialog's foot.
    const foot = (await dialog.getByRole('button', { name: 'Import 9 reminders' }).boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(foot.y + foot.height).toBeLessThanOrEqual(box.y + box.height);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/import-preview-1280.png` });

    await dialog.getByRole('button', { name: 'Import 9 reminders' }).click();
    await toast(page, 'Imported 9 reminders').waitFor();
    const saved = await remindersOf(user);
    expect(saved.find((r) => r.title === 'M&S Home Insurance')).toMatchObject({
      amount: null,
      notes: 'Policy "Plus"\nPrice in the file: €459.50',
    });
    await page.context().close();
  });
});
