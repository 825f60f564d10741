/**
 * Shared reminders on the pages, for a member of a household (the API's answers already in the
 * cache): the dashboard's 'Shared' badge, who deals with it and the 'All' / 'Mine' / 'Shared' filter
 * kept in the address, with an empty state per filter; the reminder page's badge, who added and
 * changed it, and who recorded or snoozed; Settings' 'Remind me about shared renewals'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryKey } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder, ReminderDetails, RenewalOutcome } from '#shared/api.ts';
import { SHARED_MAIL_LABEL } from '#shared/reminder/sharing.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { publicConfigQueryKey } from '../../web/src/api/get-public-config.ts';
import { reminderQueryKey } from '../../web/src/api/get-reminder.ts';
import { remindersQueryKey } from '../../web/src/api/get-reminders.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import DashboardPage from '../../web/src/features/reminders/pages/DashboardPage.tsx';
import ReminderPage from '../../web/src/features/reminders/pages/ReminderPage.tsx';
import { DeleteReminderDialog } from '../../web/src/features/reminders/components/DeleteReminderDialog.tsx';
import { savingsQueryKey } from '../../web/src/api/get-savings.ts';
import { ProfileForm } from '../../web/src/features/settings/components/ProfileForm.tsx';
import { aReminder } from '../support/builders.ts';
import { aProfile, FORMER_ID, IN_HOUSEHOLD, ME_ID, NO_HOUSEHOLD, PUBLIC_CONFIG, SAM_ID } from './fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

let n = 0;
const reminder = (title: string, over: Partial<Reminder> = {}) =>
  aReminder({ id: `00000000-0000-4000-9000-00000000000${n++}`, title, notes: null, ...over });
const GYM = reminder('Gym', { category: 'subscriptions' });
const MORTGAGE = reminder('Mortgage', { category: 'mortgage', shared: true, deals_with: SAM_ID });
const ENERGY = reminder('Energy', { category: 'utilities_energy', shared: true, deals_with: ME_ID });
const BROADBAND = reminder('Broadband', {
  category: 'broadband_mobile',
  shared: true,
  deals_with: FORMER_ID,
});

/** Where the app is: path and search, as back, forward and reload would find it. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

function known(household: unknown, extra: [QueryKey, unknown][] = []): [QueryKey, unknown][] {
  return [
    [householdQueryKey, household],
    [meQueryKey, { profile: aProfile(), isAdmin: false }],
    [publicConfigQueryKey, PUBLIC_CONFIG],
    [savingsQueryKey, { total: 0, household_total: 0, records: [] }],
    ...extra,
  ];
}

function dashboard(address: string, list: Reminder[], household: unknown = IN_HOUSEHOLD) {
  renderWithClient(
    <MemoryRouter initialEntries={[address]}>
      <DashboardPage />
      <Address />
    </MemoryRouter>,
    known(household, [[remindersQueryKey, list]]),
  );
  return userEvent.setup();
}

const titles = () =>
  screen.queryAllByRole('link', { name: /^(Gym|Mortgage|Energy|Broadband)$/ }).map((l) => l.textContent);
const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe("the dashboard's shared reminders", () => {
  it("badges each shared one with who deals with it: a first name, 'You' or 'A former member'", () => {
    dashboard('/dashboard', [GYM, MORTGAGE, ENERGY, BROADBAND]);
    const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;
    expect(within(row('Mortgage')).getByText('Shared')).toBeInTheDocument();
    expect(row('Mortgage')).toHaveTextContent('Deals with it: Sam');
    expect(row('Energy')).toHaveTextContent('Deals with it: You');
    expect(row('Broadband')).toHaveTextContent('Deals with it: A former member');
    expect(within(row('Gym')).queryByText('Shared')).toBeNull();
  });

  it("filters All / Mine / Shared as radios, the choice kept in the address ('All' keeps none)", async () => {
    const user = dashboard('/dashboard?show=shared', [GYM, MORTGAGE, ENERGY, BROADBAND]);
    const filter = screen.getByRole('group', { name: 'Show' });
    expect(within(filter).getByRole('radio', { name: 'Shared' })).toBeChecked();
    expect(titles().sort()).toEqual(['Broadband', 'Energy', 'Mortgage']);

    await user.click(within(filter).getByRole('radio', { name: 'Mine' }));
    expect(address()).toBe('/dashboard?show=mine');
    // My own, and the shared ones I deal with.
    expect(titles().sort()).toEqual(['Energy', 'Gym']);

    await user.click(within(filter).getByRole('radio', { name: 'All' }));
    expect(address()).toBe('/dashboard');
    expect(titles()).toHaveLength(4);
  });

  it('says so when a filter leaves nothing', () => {
    dashboard('/dashboard?show=shared', [GYM]);
    expect(screen.getByText('No shared reminders yet')).toBeInTheDocument();
  });

  it('offers no filter outside a household, whatever the address says', () => {
    dashboard('/dashboard?show=shared', [GYM], NO_HOUSEHOLD);
    expect(screen.queryByRole('group', { name: 'Show' })).toBeNull();
    expect(titles()).toEqual(['Gym']);
  });
});

describe("the reminder page's shared reminder", () => {
  const outcome = (over: Partial<RenewalOutcome>): RenewalOutcome => ({
    id: crypto.randomUUID(),
    reminder_id: MORTGAGE.id,
    user_id: 'u1',
    title: 'Mortgage',
    category: 'mortgage',
    provider: 'Nationwide',
    term_from: '2025-01-01',
    term_to: '2027-01-01',
    price: 900,
    new_price: 800,
    offer_price: null,
    notice_answer: null,
    result: 'switched',
    saved_amount: 100,
    billing: 'yearly',
    shared: true,
    recorded_by: FORMER_ID,
    created_at: '2027-01-02T00:00:00.000Z',
    updated_at: '2027-01-02T00:00:00.000Z',
    ...over,
  });

  it('shows the badge, who deals with it, who added and changed it, and who recorded and snoozed', async () => {
    stubFetch(200, {});
    const details: ReminderDetails = {
      reminder: {
        ...MORTGAGE,
        created_by: SAM_ID,
        updated_by: ME_ID,
        updated_at: '2026-02-01T00:00:00.000Z',
      },
      next_mail: null,
      history: [outcome({})],
      snoozes: [{ on: '2026-03-01', until: '2026-03-04', by: SAM_ID }],
      quotes: [],
    };
    renderWithClient(
      <MemoryRouter initialEntries={[`/reminders/${MORTGAGE.id}`]}>
        <Routes>
          <Route path="/reminders/:reminderId" element={<ReminderPage />} />
        </Routes>
      </MemoryRouter>,
      known(IN_HOUSEHOLD, [[reminderQueryKey(MORTGAGE.id), details]]),
    );
    const head = (await screen.findByRole('heading', { name: 'Mortgage', level: 1 })).closest('section')!;
    expect(within(head).getByText('Shared')).toBeInTheDocument();
    expect(head).toHaveTextContent('Deals with it: Sam');
    expect(head).toHaveTextContent('Added by Sam · Last changed by You');
    const history = screen.getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Snoozed until 04/03/2026, by Sam');
    expect(within(history).getByRole('table')).toHaveTextContent('Switched, logged by A former member');
  });
});

describe("the reminder page's 'Leave this reminder'", () => {
  function page(reminder: Reminder) {
    const details: ReminderDetails = { reminder, next_mail: null, history: [], snoozes: [], quotes: [] };
    renderWithClient(
      <MemoryRouter initialEntries={[`/reminders/${reminder.id}`]}>
        <Routes>
          <Route path="/reminders/:reminderId" element={<ReminderPage />} />
          <Route path="/dashboard" element={<p>The dashboard</p>} />
        </Routes>
      </MemoryRouter>,
      known(IN_HOUSEHOLD, [[reminderQueryKey(reminder.id), details]]),
    );
    return userEvent.setup();
  }

  it('is offered to a member who did not share it, and after one confirmation leaves it', async () => {
    const fetchMock = stubFetch(204, {});
    const user = page({ ...MORTGAGE, created_by: SAM_ID });
    await user.click(await screen.findByRole('button', { name: 'Leave this reminder' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this reminder?' });
    expect(dialog).toHaveTextContent('The rest of your household keeps it as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave this reminder' }));
    await screen.findByText('The dashboard');
    const [input, init] = fetchMock.mock.calls[0]!;
    expect([init?.method, String(input)]).toEqual(['POST', `/api/reminders/${MORTGAGE.id}/leave`]);
    expect(await screen.findByText("You left 'Mortgage'")).toBeInTheDocument();
  });

  it('is not offered to the member who shared it (they take it back), nor on their own reminder', async () => {
    stubFetch(200, {});
    page({ ...MORTGAGE, created_by: ME_ID });
    await screen.findByRole('heading', { name: 'Mortgage', level: 1 });
    expect(screen.queryByRole('button', { name: 'Leave this reminder' })).toBeNull();
  });
});

describe("the reminder page's history", () => {
  it('says a term rolled on with no answer is that, with no £0.00 saving', async () => {
    const rolled: RenewalOutcome = {
      id: crypto.randomUUID(),
      reminder_id: GYM.id,
      user_id: 'u1',
      title: 'Gym',
      category: 'subscriptions',
      provider: 'PureGym',
      term_from: '2026-01-01',
      term_to: '2027-01-01',
      price: 300,
      new_price: null,
      offer_price: null,
      notice_answer: null,
      result: 'rolled_forward',
      saved_amount: 0,
      billing: 'yearly',
      shared: false,
      recorded_by: null,
      created_at: '2027-01-15T08:00:00.000Z',
      updated_at: '2027-01-15T08:00:00.000Z',
    };
    const details: ReminderDetails = {
      reminder: GYM,
      next_mail: null,
      history: [rolled],
      snoozes: [],
      quotes: [],
    };
    renderWithClient(
      <MemoryRouter initialEntries={[`/reminders/${GYM.id}`]}>
        <Routes>
          <Route path="/reminders/:reminderId" element={<ReminderPage />} />
        </Routes>
      </MemoryRouter>,
      known(NO_HOUSEHOLD, [[reminderQueryKey(GYM.id), details]]),
    );
    const table = await screen.findByRole('table', { name: 'Finished terms' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Rolled on to the next term (no answer)');
    expect(row).not.toHaveTextContent('£0.00');
  });
});

describe("Settings' 'Remind me about shared renewals'", () => {
  it('offers the three choices to a member, and saves the one picked with the profile', async () => {
    const fetchMock = stubFetch(200, {
      profile: aProfile({ shared_reminder_mails: 'mine' }),
      isAdmin: false,
    });
    renderWithClient(<ProfileForm profile={aProfile()} inHousehold />);
    const group = screen.getByRole('group', { name: SHARED_MAIL_LABEL });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => [r.getAttribute('value'), (r as HTMLInputElement).checked]),
    ).toEqual([
      ['all', true],
      ['mine', false],
      ['none', false],
    ]);
    expect(within(group).getByRole('radio', { name: 'Only the ones I deal with' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(group).getByRole('radio', { name: 'Only the ones I deal with' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = onlyRequest(fetchMock);
    expect([request.method, request.path]).toEqual(['PUT', '/api/me']);
    expect(request.body).toMatchObject({ shared_reminder_mails: 'mine' });
  });

  it('is not there outside a household', () => {
    renderWithClient(<ProfileForm profile={aProfile()} />);
    expect(screen.queryByRole('group', { name: SHARED_MAIL_LABEL })).toBeNull();
  });
});

describe('deleting a shared reminder', () => {
  it('says it goes for everyone in the household; an own one does not', () => {
    const shared = aReminder({ title: 'Mortgage', shared: true, deals_with: SAM_ID });
    const { unmount } = renderWithClient(<DeleteReminderDialog reminder={shared} onClose={() => {}} />);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('it goes for everyone in your household');
    unmount();
    renderWithClient(<DeleteReminderDialog reminder={aReminder({ title: 'Netflix' })} onClose={() => {}} />);
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('household');
  });
});
