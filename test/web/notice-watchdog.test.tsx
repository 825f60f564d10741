/**
 * The notice watchdog in the browser, the API stubbed: 'Needs your answer' asks 'Did {provider} send
 * your end-of-contract notice?' with 'Yes', 'Yes, and here it is' and 'No', each posted for the
 * renewal shown; 'Yes, and here it is' opens Settings' upload, 'No' the reminder's notice card; that
 * card says what was answered, lists the routes for a 'No', and asks again on 'Change your answer';
 * nothing is asked before the notice was due. Settings opened for an upload has it open.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { addDays } from '#shared/reminder/schedule.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { InboxCard } from '../../web/src/features/inbox/index.ts';
import { NoticeSection } from '../../web/src/features/reminders/components/NoticeSection.tsx';
import { ReminderCards } from '../../web/src/features/reminders/components/ReminderList.tsx';
import { aReminder } from '../support/builders.ts';
import { anInbox, stubApi } from './inbox-fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const QUESTION = 'Did BT send your end-of-contract notice?';
// Ten days before the end: Ofcom's last day for the notice is today.
const END = addDays(todayIn(), 10);
const broadband = (over: Partial<Reminder> = {}) =>
  aReminder({
    id: 'bb',
    title: 'Home broadband',
    category: 'broadband_mobile',
    provider: 'BT',
    renewal_date: END,
    billing: 'monthly',
    date_kind: 'deal_end',
    repeats: 'none',
    ...over,
  });

/** Where the app went. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

function dashboard(reminder: Reminder) {
  renderWithClient(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route
          path="/dashboard"
          element={
            <ReminderCards
              reminders={[reminder]}
              onEdit={vi.fn()}
              onDelete={vi.fn()}
              needsAnswer
              members={null}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const answered = (answer: 'yes' | 'yes_with_letter' | 'no') => ({
  notice_answer: { answer, renewal_date: END, answered_at: '2030-01-01T00:00:00.000Z', answered_by: null },
});

describe("'Needs your answer'", () => {
  it('asks the question with its three answers, and keeps a Yes', async () => {
    const fetchMock = stubFetch(200, answered('yes'));
    const user = dashboard(broadband());
    const group = screen.getByRole('group', { name: QUESTION });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Yes', 'Yes, and here it is', 'No']);
    await user.click(within(group).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock)).toMatchObject({
      path: '/api/reminders/bb/notice',
      method: 'POST',
      body: { answer: 'yes', renewal_date: END },
    });
    expect(await screen.findByText('You told us BT sent the notice')).toBeInTheDocument();
  });

  it("'Yes, and here it is' keeps it and opens the renewal inbox's upload", async () => {
    const fetchMock = stubFetch(200, answered('yes_with_letter'));
    const user = dashboard(broadband());
    await user.click(screen.getByRole('button', { name: 'Yes, and here it is' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/settings?upload=letter');
    expect(onlyRequest(fetchMock).body).toEqual({ answer: 'yes_with_letter', renewal_date: END });
  });

  it("'No' keeps it and opens the reminder's notice card", async () => {
    const fetchMock = stubFetch(200, answered('no'));
    const user = dashboard(broadband());
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/reminders/bb#end-of-contract-notice');
    expect(onlyRequest(fetchMock).body).toEqual({ answer: 'no', renewal_date: END });
  });

  it('asks nothing the day before the notice was due, or once answered', () => {
    dashboard(broadband({ renewal_date: addDays(END, 1) }));
    expect(screen.queryByRole('group', { name: /end-of-contract notice/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /How did it go/ })).toBeNull();
  });
});

describe("the reminder page's notice card", () => {
  const card = () => screen.getByRole('region', { name: 'Your end-of-contract notice' });

  it('says a No was told, lists the routes, and asks again on Change your answer', async () => {
    const fetchMock = stubFetch(200, answered('yes'));
    renderWithClient(
      <MemoryRouter>
        <NoticeSection reminder={broadband(answered('no'))} members={null} />
      </MemoryRouter>,
    );
    const region = within(card());
    expect(region.getByText('You told us BT didn’t send the notice')).toBeInTheDocument();
    expect(card()).toHaveTextContent(
      'Complain to BT in writing: say the notice never came, and keep a copy. Give them 6 weeks to answer.',
    );
    expect(region.getByRole('link', { name: /The Communications Ombudsman/ })).toHaveAttribute(
      'href',
      'https://www.commsombudsman.org/',
    );
    expect(region.getByRole('link', { name: /CISAS/ })).toHaveAttribute(
      'href',
      'https://www.cedr.com/consumer/cisas/',
    );
    const user = userEvent.setup();
    await user.click(region.getByRole('button', { name: 'Change your answer' }));
    await user.click(
      within(screen.getByRole('group', { name: QUESTION })).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toEqual({ answer: 'yes', renewal_date: END });
  });

  it("names an energy supplier's and an insurer's schemes; says a Yes without routes", () => {
    const energy = broadband({ category: 'utilities_energy', provider: 'Octopus', ...answered('no') });
    const { unmount } = renderWithClient(
      <MemoryRouter>
        <NoticeSection reminder={energy} members={null} />
      </MemoryRouter>,
    );
    expect(within(card()).getByRole('link', { name: /The Energy Ombudsman/ })).toBeInTheDocument();
    unmount();
    renderWithClient(
      <MemoryRouter>
        <NoticeSection reminder={broadband({ category: 'insurance', ...answered('yes') })} members={null} />
      </MemoryRouter>,
    );
    expect(card()).toHaveTextContent('You told us BT sent the notice');
    expect(within(card()).queryByRole('link')).toBeNull();
  });

  it('is not there before the notice is due', () => {
    renderWithClient(
      <MemoryRouter>
        <NoticeSection reminder={broadband({ renewal_date: addDays(END, 30) })} members={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region', { name: 'Your end-of-contract notice' })).toBeNull();
  });
});

describe("Settings opened for 'Yes, and here it is'", () => {
  it("has 'Upload a letter' open", async () => {
    stubApi({ 'GET /api/inbox/me': { status: 200, body: anInbox([]) } });
    const onClosed = vi.fn();
    renderWithClient(<InboxCard startUpload onUploadClosed={onClosed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload a letter' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClosed).toHaveBeenCalled();
  });
});
