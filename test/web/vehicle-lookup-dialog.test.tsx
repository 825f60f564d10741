/**
 * The reminder dialog's DVLA look-up: once it has found both dates, 'Add both' is the one primary
 * action: 'Create Reminder' and the fields 'Add both' fills are gone. Before a look-up, after a failed
 * one, or with a date missing, the form and 'Create Reminder' stay.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VehicleDates } from '#shared/vehicles.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { publicConfigQueryKey } from '../../web/src/api/get-public-config.ts';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD, PUBLIC_CONFIG } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const FORD: VehicleDates = {
  registration: 'AB12CDE',
  make: 'FORD',
  mot_due: '2027-03-14',
  mot_estimated: false,
  tax_due: '2027-02-01',
};

/** Answers each request with the next of `answers` ([status, body]), and records them. */
function answerInTurn(...answers: [number, unknown][]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const [status, body] = answers.shift() ?? [500, { message: 'unexpected request' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function open() {
  renderWithClient(<ReminderDialog open reminder={null} onOpenChange={vi.fn()} />, [
    [householdQueryKey, NO_HOUSEHOLD],
    [publicConfigQueryKey, { ...PUBLIC_CONFIG, vehicleLookup: true }],
  ]);
  return userEvent.setup();
}

const field = (label: RegExp) => screen.queryByLabelText(label);
const button = (name: string) => screen.queryByRole('button', { name });
/** The dialog's primary buttons by name. */
const primaries = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.classList.contains('btn-primary'))
    .map((b) => b.textContent);

async function lookUp(user: ReturnType<typeof userEvent.setup>, registration: string) {
  const input = screen.getByLabelText('Registration number');
  await user.clear(input);
  await user.type(input, registration);
  await user.click(screen.getByRole('button', { name: 'Look up MOT and tax dates' }));
}

const FORM_FIELDS = [
  /^Title/,
  /^Provider/,
  /^(Deal ends|Renews on|Next payment) \*$/,
  /^How often do you pay/,
  /^Amount/,
  /^Notes/,
];

/** The form as it is without a look-up's answer: its fields and 'Create Reminder'. */
function expectTheWholeForm() {
  for (const label of FORM_FIELDS) expect(field(label)).toBeVisible();
  expect(button('More options')).toBeVisible();
  expect(primaries()).toEqual(['Create Reminder']);
}

/** Once both dates are found: 'Add both' and what it still asks, nothing 'Add both' fills. */
function expectOnlyAddBoth() {
  expect(primaries()).toEqual(['Add both']);
  expect(button('Create Reminder')).toBeNull();
  for (const label of FORM_FIELDS) expect(field(label)).toBeNull();
  expect(screen.getByText('More options').closest('button')).not.toBeVisible();
  expect(screen.getByLabelText(/^Category/)).toBeVisible();
  expect(screen.getByLabelText('Keep it to update the dates after each MOT')).toBeVisible();
  expect(button('Cancel')).toBeVisible();
}

describe("the dialog's DVLA look-up", () => {
  it("leaves the form until both dates are found, then offers 'Add both' alone, which makes the two", async () => {
    const fetchMock = answerInTurn(
      [429, { message: 'The DVLA is busy. Try again in a minute' }],
      [200, { ...FORD, mot_due: null }],
      [200, FORD],
      [201, { reminder: aReminder() }],
      [201, { reminder: aReminder() }],
    );
    const user = open();
    await user.selectOptions(screen.getByLabelText(/^Category/), 'car_tax_mot');
    expectTheWholeForm();

    await lookUp(user, 'TH29 RTL');
    await screen.findByText('The DVLA is busy. Try again in a minute');
    expectTheWholeForm();

    // One date only: there is no 'Add both', so the form is the way on.
    await lookUp(user, 'AB12CDE');
    await screen.findByText('Tax due 01/02/2027');
    expect(button('Add both')).toBeNull();
    expectTheWholeForm();

    await lookUp(user, 'ab12 cde');
    await screen.findByText('MOT due 14/03/2027 · Tax due 01/02/2027');
    expectOnlyAddBoth();

    await user.click(screen.getByRole('button', { name: 'Add both' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(5));
    const titles = fetchMock.mock.calls
      .slice(3)
      .map(([, init]) => (JSON.parse(String(init?.body)) as { title: string }).title);
    expect(titles).toEqual(['Ford MOT', 'Ford car tax']);
  });

  it('brings the whole form back with another category, and a fresh look-up with Car Tax / MOT again', async () => {
    answerInTurn([200, FORD]);
    const user = open();
    await user.selectOptions(screen.getByLabelText(/^Category/), 'car_tax_mot');
    await lookUp(user, 'AB12CDE');
    await screen.findByText('MOT due 14/03/2027 · Tax due 01/02/2027');
    expectOnlyAddBoth();

    await user.selectOptions(screen.getByLabelText(/^Category/), 'insurance');
    expectTheWholeForm();
    await user.selectOptions(screen.getByLabelText(/^Category/), 'car_tax_mot');
    expect(screen.getByLabelText('Registration number')).toHaveValue('');
    expectTheWholeForm();
  });
});
