/**
 * The import dialog: a file it cannot take shows why and offers no import; a file's rows are
 * previewed with their row numbers, each 'Ready', its errors or the note that the user has it
 * already; importing sends every valid row in one request and says what the server did; a refusal
 * keeps the dialog open; the template is the export's header.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { remindersCsv } from '#shared/csv.ts';
import { IMPORT_MESSAGES, importedMessage } from '#shared/import.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { ImportDialog } from '../../web/src/features/reminders/components/ImportDialog.tsx';
import { downloadFile } from '../../web/src/utils/download.ts';
import { aReminder, aReminderInput, NEW_REMINDER_DEFAULTS } from '../support/builders.ts';
import { renderWithClient } from './render.tsx';
import { HEADER } from '../support/import-files.ts';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
vi.mock('../../web/src/utils/download.ts', () => ({ downloadFile: vi.fn() }));

const EXISTING: Reminder = aReminder({ notes: null });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The API: the user's reminders, and the import's answer; every call recorded. */
function stubApi(importAnswer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: String(input),
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      const answer =
        call.method === 'GET' && call.path === '/api/reminders'
          ? { status: 200, body: { reminders: [EXISTING] } }
          : importAnswer;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { imports: () => calls.filter((c) => c.method === 'POST') };
}

function open() {
  const onOpenChange = vi.fn();
  renderWithClient(<ImportDialog open onOpenChange={onOpenChange} />);
  // The accept attribute is the browser's hint, not a barrier: any file can still be chosen.
  return { onOpenChange, user: userEvent.setup({ applyAccept: false }) };
}

const dialog = () => screen.getByRole('dialog', { name: 'Import reminders' });
const fileInput = () => screen.getByLabelText('File');
const importButton = () => within(dialog()).getByRole('button', { name: /^Import/ });
const chooseButton = () => within(dialog()).getByRole('button', { name: 'Choose a file' });
const csvFile = (name: string, lines: string[]) => new File([lines.join('\r\n')], name, { type: 'text/csv' });
/** The preview's line for row `n`. */
const row = (n: number) =>
  within(screen.getByRole('region', { name: 'Preview' }))
    .getByText(`Row ${n}`)
    .closest('li')!;

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

/** The dialog open on our CSV of `rows` under the header, the import to answer 200. */
async function openWithRows(rows: string[]) {
  const api = stubApi({ status: 200, body: {} });
  const opened = open();
  await opened.user.upload(fileInput(), csvFile('reminders.csv', [HEADER, ...rows]));
  return { api, ...opened };
}

describe('ImportDialog', () => {
  it('opens on the file field, says what it takes, and offers nothing to import yet', () => {
    stubApi({ status: 200, body: {} });
    open();
    expect(dialog()).toHaveAccessibleDescription(
      "Choose a CSV file in the export's format, a Wallos export (.json or .csv) or a SubTrackr export (.csv), up to 500 rows.",
    );
    expect(fileInput()).toHaveAttribute('type', 'file');
    expect(fileInput()).toHaveAttribute('accept', '.csv,.json,text/csv,application/json');
    // A real button opens the browser's file chooser; the unstyled input is out of the tab order.
    expect(chooseButton()).toHaveFocus();
    expect(fileInput()).toHaveAttribute('tabindex', '-1');
    expect(importButton()).toHaveTextContent('Import reminders');
    expect(importButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('downloads the template: the export with no reminders in it', async () => {
    stubApi({ status: 200, body: {} });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Download template' }));
    expect(downloadFile).toHaveBeenCalledWith(
      remindersCsv([]),
      'renewal-reminders-template.csv',
      'text/csv;charset=utf-8',
    );
  });

  it('shows why a file cannot be read, with no preview and no import to press', async () => {
    const api = stubApi({ status: 200, body: {} });
    const { user } = open();

    await user.upload(fileInput(), new File(['just some notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.wrongType);
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(chooseButton()).toHaveAccessibleDescription(IMPORT_MESSAGES.wrongType);
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(importButton()).toHaveTextContent('Import reminders');
    expect(importButton()).toBeDisabled();

    // A CSV without the header row: a different reason, shown in place of the first.
    await user.upload(fileInput(), csvFile('reminders.csv', ['Gym,subscriptions,PureGym,2030-01-31']));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.noHeader));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(importButton()).toBeDisabled();
    expect(api.imports()).toEqual([]);
  });

  it("previews each row: 'Ready', its errors by row number, or the note that the user has it already", async () => {
    await openWithRows([
      'Gym,subscriptions,PureGym,2030-01-31,25.00,,monthly,yes,,',
      ',insurance,Aviva,2027-02-30,,,,,,',
      // The user's own reminder, in other case: a duplicate all the same.
      'HOME INSURANCE,insurance,aviva,2030-03-14,,,,,,',
    ]);

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Renewal Reminders CSV: 3 rows, 1 ready to import, 1 with errors, 1 already in your reminders',
      ),
    );
    expect(row(2)).toHaveTextContent('Gym');
    expect(row(2)).toHaveTextContent('31/01/2030');
    expect(within(row(2)).getByText('Ready')).toBeInTheDocument();

    expect(within(row(3)).getByText(MESSAGES.titleRequired)).toBeInTheDocument();
    // In the format the app shows dates, not the date picker's YYYY-MM-DD.
    expect(within(row(3)).getByText(IMPORT_MESSAGES.renewalDateInvalid)).toBeInTheDocument();
    // A date that does not exist is shown as the file has it.
    expect(row(3)).toHaveTextContent('2027-02-30');
    expect(within(row(3)).queryByText('Ready')).not.toBeInTheDocument();

    expect(within(row(4)).getByText(IMPORT_MESSAGES.duplicate)).toBeInTheDocument();
    expect(within(row(4)).queryByText('Ready')).not.toBeInTheDocument();

    // Every field the row will be saved with.
    for (const text of ['Subscriptions', 'PureGym', '£25.00 every month', 'Every month']) {
      expect(within(row(2)).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(importButton()).toHaveTextContent('Import 1 reminder');
    expect(importButton()).toBeEnabled();
  });

  it("counts every ready row on the button, and says 'Nothing new to import' with no button when none is new", async () => {
    const { user } = await openWithRows([
      'Gym,subscriptions,PureGym,2030-01-31,,,,,,',
      'Phone,broadband_mobile,EE,31/12/2030,,,,,,',
    ]);
    await waitFor(() => expect(importButton()).toHaveTextContent('Import 2 reminders'));
    expect(row(3)).toHaveTextContent('31/12/2030');

    await user.upload(
      fileInput(),
      csvFile('again.csv', [HEADER, 'Home insurance,insurance,Aviva,2030-03-14']),
    );
    await waitFor(() => expect(within(dialog()).getByText(IMPORT_MESSAGES.nothingNew)).toBeInTheDocument());
    expect(within(dialog()).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Renewal Reminders CSV: 1 row, 0 ready to import, 0 with errors, 1 already in your reminders',
    );
  });

  it('shows a Wallos export as it will be saved: names decoded, a foreign price not in pounds, the term asked for when the file has none', async () => {
    stubApi({ status: 200, body: {} });
    const { user } = open();
    const entry = (fields: Record<string, string>) => ({
      'Next Payment': '2031-06-01',
      Renewal: 'Manual',
      Category: 'Insurance',
      State: 'Enabled',
      Active: 'Yes',
      'Cancellation Date': '',
      ...fields,
    });
    // Before Wallos 2.41 there is no Payment Cycle.
    const json = JSON.stringify({
      success: true,
      subscriptions: [
        entry({ Name: 'M&amp;S Home Insurance', Price: '€459.5' }),
        entry({ Name: 'O&#039;Neill Broadband', Price: '£30', Category: 'Internet' }),
      ],
    });
    await user.upload(fileInput(), new File([json], 'wallos.json', { type: 'application/json' }));
    await waitFor(() => expect(row(1)).toHaveTextContent('M&S Home Insurance'));
    expect(row(2)).toHaveTextContent("O'Neill Broadband");
    expect(within(row(1)).getAllByText(IMPORT_MESSAGES.notInPounds('€459.50'))).toHaveLength(2);
    expect(within(row(1)).getByText(IMPORT_MESSAGES.billingUnknown)).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();

    await user.selectOptions(
      screen.getByLabelText('How often you pay, for every row the file gives none'),
      'yearly',
    );
    await waitFor(() => expect(importButton()).toHaveTextContent('Import 2 reminders'));
    expect(within(row(1)).getByText('Every year')).toBeInTheDocument();
    expect(within(row(2)).getByText('£30.00 every year')).toBeInTheDocument();

    // Converting is off until asked for, and then uses the rate the user types.
    const convert = screen.getByRole('checkbox', { name: 'Convert other currencies' });
    expect(convert).not.toBeChecked();
    await user.click(convert);
    await user.type(screen.getByLabelText('Pounds for 1 €'), '0');
    expect(within(dialog()).getByText(IMPORT_MESSAGES.rateInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Pounds for 1 €'));
    await user.type(screen.getByLabelText('Pounds for 1 €'), '0.8');
    await waitFor(() => expect(within(row(1)).getByText('£367.60 every year')).toBeInTheDocument());
    expect(within(row(1)).getByText(IMPORT_MESSAGES.converted('€459.50', '£367.60'))).toBeInTheDocument();
  });

  it('asks which column is which for a spreadsheet with headings of its own', async () => {
    stubApi({ status: 200, body: {} });
    const { user } = open();
    await user.upload(fileInput(), csvFile('mine.csv', ['Thing,Who,When', 'Gym,PureGym,31/01/2030']));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.chooseColumns);
    // Nothing is read until the title and renewal date have a column.
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(importButton()).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Which column is the title?'), 'Thing');
    await user.selectOptions(screen.getByLabelText('Which column is the renewal date?'), 'When');
    await user.selectOptions(screen.getByLabelText('Which column is the provider?'), 'Who');
    await waitFor(() => expect(importButton()).toHaveTextContent('Import 1 reminder'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(row(2)).toHaveTextContent('Gym');
    expect(row(2)).toHaveTextContent('PureGym');
    expect(row(2)).toHaveTextContent('31/01/2030');
  });

  it('sends every valid row, duplicates too, in one request; then says what was imported and closes', async () => {
    const result = { imported: 1, skipped: 1 };
    const api = stubApi({ status: 200, body: result });
    const { user, onOpenChange } = open();
    await user.upload(
      fileInput(),
      csvFile('reminders.csv', [
        HEADER,
        'Gym,subscriptions,PureGym,2030-01-31,25.00,"Off-peak, 6am\nto 4pm",monthly,yes,2030-01-15,"10, 3"',
        ',insurance,Aviva,2030-03-01,,,,,,',
        'Home insurance,insurance,Aviva,2030-03-14,,,,,,',
      ]),
    );
    await waitFor(() => expect(importButton()).toHaveTextContent('Import 1 reminder'));
    await user.click(importButton());

    expect(await screen.findByText(importedMessage(result))).toBeInTheDocument();
    expect(importedMessage(result)).toBe('Imported 1 reminder, skipped 1 duplicate');
    expect(api.imports()).toEqual([
      {
        method: 'POST',
        path: '/api/reminders/import',
        body: {
          reminders: [
            {
              title: 'Gym',
              category: 'subscriptions',
              provider: 'PureGym',
              renewal_date: '2030-01-31',
              amount: 25,
              notes: 'Off-peak, 6am\nto 4pm',
              repeats: 'monthly',
              // A subscription paid monthly: a rolling payment, its date the next one.
              billing: 'monthly',
              date_kind: 'next_payment',
              ask_deal_end: false,
              // An import fills the importer's own list: nothing imported is shared.
              ...NEW_REMINDER_DEFAULTS,
              auto_renew: true,
              act_by: '2030-01-15',
              lead_days: [10, 3],
            },
            aReminderInput({
              title: 'Home insurance',
              provider: 'Aviva',
              renewal_date: '2030-03-14',
              amount: null,
            }),
          ],
        },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("keeps the dialog open with the server's reason when the import is refused", async () => {
    const api = stubApi({ status: 409, body: { message: IMPORT_MESSAGES.busy } });
    const { user, onOpenChange } = open();
    await user.upload(
      fileInput(),
      csvFile('reminders.csv', [HEADER, 'Gym,subscriptions,PureGym,2030-01-31']),
    );
    await waitFor(() => expect(importButton()).toBeEnabled());
    await user.click(importButton());

    expect(await screen.findByText(IMPORT_MESSAGES.busy)).toBeInTheDocument();
    expect(api.imports()).toHaveLength(1);
    await waitFor(() => expect(importButton()).toHaveTextContent('Import 1 reminder'));
    expect(importButton()).toBeEnabled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
