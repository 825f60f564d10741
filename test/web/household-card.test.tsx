/**
 * Settings' 'Household' card with the API stubbed: the empty state, the roles' actions (the owner
 * removes others, everyone leaves), the limit in words with 'Invite someone' disabled at 6, and the
 * invitation dialog's field messages from the shared schema.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Household, HouseholdMember, PendingInvitation } from '#shared/household.ts';
import type { HouseholdNote } from '#shared/householdNotes.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { HouseholdCard } from '../../web/src/features/household/index.ts';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import type { Reminder } from '#shared/api.ts';
import { remindersQueryKey } from '../../web/src/api/get-reminders.ts';
import { aReminder } from '../support/builders.ts';
import { renderWithClient, stubFetch } from './render.tsx';

const inRouter = (ui: ReactElement, path = '/settings') => (
  <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
);

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });

const member = (n: number, over: Partial<HouseholdMember> = {}): HouseholdMember => ({
  membership_id: `00000000-0000-4000-8000-00000000000${n}`,
  first_name: `Person${n}`,
  masked_email: `p•••@example.com`,
  role: 'member',
  joined_at: `2027-01-0${n}T00:00:00Z`,
  is_you: false,
  ...over,
});

const household = (over: Partial<Household>): { household: Household } => ({
  household: { is_owner: false, members: [], invitations: [], ...over },
});

describe('the Household card', () => {
  it('not in a household: the card says so, with the limits and Invite someone', async () => {
    stubFetch(200, { household: null });
    renderWithClient(inRouter(<HouseholdCard />));
    await screen.findByText('You are not in a household yet. Invite someone to start one.');
    expect(screen.getByText('Share renewals with the people you live with.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Leave household' })).toBeNull();
  });

  it("the owner removes the others, never themself; a member sees no 'Remove'", async () => {
    const members = [member(1, { role: 'owner', is_you: true }), member(2)];
    stubFetch(200, household({ is_owner: true, members }));
    const { unmount } = renderWithClient(inRouter(<HouseholdCard />));
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove Person2']);
    expect(within(list).getByText('Owner')).toBeInTheDocument();
    unmount();

    stubFetch(200, household({ members: [member(1, { role: 'owner' }), member(2, { is_you: true })] }));
    renderWithClient(inRouter(<HouseholdCard />));
    await screen.findByRole('button', { name: 'Leave household' });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('at 6 members the limit is said in words and Invite someone is off', async () => {
    const members = [1, 2, 3, 4, 5, 6].map((n) => member(n, { is_you: n === 1 }));
    stubFetch(200, household({ members }));
    renderWithClient(inRouter(<HouseholdCard />));
    await screen.findByText('Your household has 6 members, the most a household can have.');
    expect(screen.getByRole('button', { name: 'Invite someone' })).toBeDisabled();
  });

  it('pending invitations: their sender sees the address they typed, the others its masked form', async () => {
    const invitation = (over: Partial<PendingInvitation>): PendingInvitation => ({
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Bea',
      masked_email: 'b•••@example.com',
      email: null,
      created_at: '2027-01-01T00:00:00Z',
      expires_at: '2027-01-08T00:00:00Z',
      ...over,
    });
    const members = [member(1, { role: 'owner', is_you: true }), member(2)];
    stubFetch(
      200,
      household({
        is_owner: true,
        members,
        invitations: [
          invitation({ email: 'bea.long-surname@example.com' }),
          invitation({
            id: '00000000-0000-4000-8000-0000000000a2',
            name: null,
            masked_email: 'c•••@example.com',
          }),
        ],
      }),
    );
    renderWithClient(inRouter(<HouseholdCard />));
    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    const rows = within(pending).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Bea bea.long-surname@example.com');
    expect(rows[1]).toHaveTextContent('c•••@example.com');

    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel invitation?' })).toHaveTextContent(
      'The link sent to bea.long-surname@example.com stops working.',
    );
  });

  it('shows who took a shared reminder back, and when, until its reader dismisses it', async () => {
    const note: HouseholdNote = {
      id: '00000000-0000-4000-8000-0000000000b1',
      kind: 'taken_back',
      at: '2027-03-04T10:00:00.000Z',
      who: 'Sam',
      title: 'Mortgage',
    };
    const fetchMock = stubFetch(200, {
      ...household({ members: [member(1, { is_you: true })] }),
      notes: [note],
    });
    renderWithClient(inRouter(<HouseholdCard />));
    const news = await screen.findByRole('list', { name: 'Household news' });
    expect(news).toHaveTextContent(
      "Sam took back 'Mortgage' on 04/03/2027: it is no longer shared with you.",
    );
    fetchMock.mockClear();
    await userEvent.setup().click(within(news).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')?.[0]).toBe(
        `/api/household/notes/${note.id}`,
      ),
    );
  });

  it('after a password reset: what the reset did, and every household step since the account was made', async () => {
    stubFetch(200, {
      household: null,
      notes: [
        { id: '00000000-0000-4000-8000-0000000000c1', kind: 'left_at_reset', at: '2027-05-02T09:00:00Z' },
      ],
      record: {
        reset_at: '2027-05-02T09:00:00Z',
        activity: [
          { id: 'a1', kind: 'joined', at: '2027-05-01T20:00:00Z', masked_email: null },
          { id: 'a2', kind: 'started', at: '2027-05-03T08:00:00Z', masked_email: null },
          { id: 'a3', kind: 'invited', at: '2027-05-03T08:00:00Z', masked_email: 'k•••@example.com' },
        ],
      },
    });
    renderWithClient(inRouter(<HouseholdCard />));
    const news = await screen.findByRole('list', { name: 'Household news' });
    expect(news).toHaveTextContent(
      'When you reset your password on 02/05/2027, your account left the household it was in: anyone who used your account before the reset could have joined it. To share again, ask a member to invite you.',
    );
    expect(
      screen.getByRole('heading', { name: 'Since your account was created', level: 3 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'You reset your password on 02/05/2027. These are the household joins and invitations made with your account since it was created. If one of them was not you, leave the household.',
      ),
    ).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Since your account was created' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Joined a household on 01/05/2027',
      'Started a household on 03/05/2027',
      'Invited k•••@example.com on 03/05/2027',
    ]);
  });

  it('shows no record before any reset, and offers Leave household beside the members', async () => {
    stubFetch(200, {
      ...household({ members: [member(1, { is_you: true }), member(2)] }),
      notes: [],
      record: null,
    });
    renderWithClient(inRouter(<HouseholdCard />));
    await screen.findByRole('button', { name: 'Leave household' });
    expect(screen.queryByRole('heading', { name: 'Since your account was created' })).toBeNull();
  });

  it('the dialog checks the address before sending anything', async () => {
    const fetchMock = stubFetch(200, { household: null });
    renderWithClient(inRouter(<HouseholdCard />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite to your household' });
    await user.type(within(dialog).getByLabelText('Email'), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText('Invalid email address');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
  it("on arriving from joining, asks 'Share these with your household?' with the household categories ticked", async () => {
    const reminders: Reminder[] = [
      aReminder({ id: '11111111-1111-4111-8111-111111111111', title: 'Mortgage', category: 'mortgage' }),
      aReminder({ id: '22222222-2222-4222-8222-222222222222', title: 'Netflix', category: 'subscriptions' }),
      aReminder({ id: '33333333-3333-4333-8333-333333333333', title: 'Shared already', shared: true }),
    ];
    const fetchMock = stubFetch(200, household({ members: [member(1, { is_you: true }), member(2)] }));
    renderWithClient(inRouter(<HouseholdCard />, '/settings?share=1'), [[remindersQueryKey, reminders]]);
    const dialog = await screen.findByRole('dialog', { name: 'Share these with your household?' });
    expect(within(dialog).getByRole('checkbox', { name: /^Mortgage/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^Netflix/ })).not.toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: /^Shared already/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Netflix/ }));
    fetchMock.mockClear();
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ shared: 2, skipped: 0 }), { status: 200 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Share 2' }));
    await screen.findByText('2 reminders shared');
    const share = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/household/share'));
    expect(JSON.parse(String(share?.[1]?.body))).toEqual({
      ids: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
    });
  });
});
