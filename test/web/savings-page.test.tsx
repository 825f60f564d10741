/**
 * 'How did you do?' asks about one term: the one its link names (`?renewal=`), else the renewal it
 * first showed. A term already answered shows who answered it and no form; the request carries the
 * term; a 409 (someone answered meanwhile) says who, and the page then shows their answer.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryKey } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReminderDetails, RenewalOutcome } from '#shared/api.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { reminderQueryKey } from '../../web/src/api/get-reminder.ts';
import SavingsPage from '../../web/src/features/savings/pages/SavingsPage.tsx';
import { anOutcome, aReminder } from '../support/builders.ts';
import { aProfile, IN_HOUSEHOLD, ME_ID, NO_HOUSEHOLD, SAM_ID } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const TERM = '2026-12-01';
const NEXT = '2027-12-01';
const HOME = aReminder({ title: 'Home insurance', renewal_date: TERM, term_anchor: TERM, shared: true });

/** Sam's 'I switched' for the term ending on TERM: in Sydney, 3 December 2026. */
const samsAnswer: RenewalOutcome = anOutcome({
  id: crypto.randomUUID(),
  reminder_id: HOME.id,
  user_id: 'user-1',
  term_to: TERM,
  recorded_by: SAM_ID,
  created_at: '2026-12-02T14:00:00.000Z',
  updated_at: '2026-12-02T14:00:00.000Z',
});

const details = (over: Partial<ReminderDetails> = {}): ReminderDetails => ({
  reminder: HOME,
  next_mail: null,
  history: [],
  snoozes: [],
  quotes: [],
  ...over,
});
/** The reminder after Sam's answer rolled it on to the next term. */
const rolledOn = details({
  reminder: { ...HOME, renewal_date: NEXT, term_started: TERM, provider: 'Octopus' },
  history: [samsAnswer],
});

function openPage(address: string, reminder: ReminderDetails, household: unknown = IN_HOUSEHOLD) {
  const known: [QueryKey, unknown][] = [
    [householdQueryKey, household],
    [meQueryKey, { profile: aProfile({ timezone: 'Australia/Sydney' }), isAdmin: false }],
    [reminderQueryKey(HOME.id), reminder],
  ];
  renderWithClient(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/savings/:reminderId" element={<SavingsPage />} />
        <Route path="/reminders/:reminderId" element={<p>The reminder page</p>} />
      </Routes>
    </MemoryRouter>,
    known,
  );
  return userEvent.setup();
}

/** Answers each request in turn (JSON), recording them. */
function answers(...replies: [number, unknown][]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const [status, body] = replies.shift() ?? [500, { message: 'unexpected request' }];
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const LOGGED_BY_SAM = 'Sam logged this on 03/12/2026: switched, £64.20 saved';

describe('the outcome page of a term already answered', () => {
  it("an old link, after another member's answer: who logged it, in the reader's zone, and no form", async () => {
    openPage(`/savings/${HOME.id}?renewal=${TERM}`, rolledOn);
    expect(await screen.findByText(LOGGED_BY_SAM)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /Record|Renewed|Change/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the reminder' })).toHaveAttribute(
      'href',
      `/reminders/${HOME.id}`,
    );
  });

  it("one's own answer: 'You logged this on …'", async () => {
    const mine = { ...samsAnswer, recorded_by: ME_ID, result: 'negotiated' as const, saved_amount: 20 };
    openPage(`/savings/${HOME.id}?renewal=${TERM}`, { ...rolledOn, history: [mine] });
    expect(
      await screen.findByText('You logged this on 03/12/2026: haggled a better price, £20.00 saved'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a term rolled on with no answer says so, and offers no form', async () => {
    const rolled = { ...samsAnswer, result: 'rolled_forward' as const, saved_amount: 0, recorded_by: null };
    openPage(`/savings/${HOME.id}?renewal=${TERM}`, { ...rolledOn, history: [rolled] }, NO_HOUSEHOLD);
    expect(
      await screen.findByText('This renewal is over: the reminder now renews on 01/12/2027'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('the current term answered by the reader: their answer, and they may change it', async () => {
    const mine = { ...samsAnswer, recorded_by: ME_ID };
    const user = openPage(`/savings/${HOME.id}`, details({ history: [mine] }));
    expect(await screen.findByText(/^You logged this on 03\/12\/2026: switched/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change your answer' }));
    expect(screen.getByRole('radio', { name: 'I switched' })).toBeInTheDocument();
  });
});

describe('answering a term', () => {
  it('sends the term the page asks about, and on a 409 says who answered and shows their answer', async () => {
    const fetchMock = answers(
      [409, { message: `${LOGGED_BY_SAM}. Your answer was not recorded.` }],
      [200, rolledOn],
    );
    const user = openPage(`/savings/${HOME.id}?renewal=${TERM}`, details());
    await user.click(await screen.findByRole('radio', { name: 'I renewed as is' }));
    await user.click(screen.getByRole('button', { name: 'I Renewed (No Savings)' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0]!;
    expect([String(path), init?.method]).toEqual([`/api/reminders/${HOME.id}/savings`, 'POST']);
    expect(JSON.parse(String(init?.body))).toMatchObject({ renewal_date: TERM, outcome: 'no_saving' });
    expect(await screen.findByText(`${LOGGED_BY_SAM}. Your answer was not recorded.`)).toBeInTheDocument();
    expect(await screen.findByText(LOGGED_BY_SAM)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
