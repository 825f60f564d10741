/**
 * The reminder dialog's sharing, for a member of a household: 'Shared with household' ticked by
 * default for the household contracts and following the category until the user changes it; an edit
 * shows the reminder's own value; 'Who deals with it?' offers 'Anyone' and the members; what is sent.
 * Outside a household the box is not there.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { CATEGORIES } from '#shared/reminder/categories.ts';
import { DEALS_WITH_LABEL, SHARED_LABEL, takeBackHint } from '#shared/reminder/sharing.ts';
import { WHO_PAYS_LABEL } from '#shared/reminder/split.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { publicConfigQueryKey } from '../../web/src/api/get-public-config.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { SHARED_HINT } from '../../web/src/features/reminders/components/SharedFields.tsx';
import { aReminder } from '../support/builders.ts';
import { FORMER_ID, IN_HOUSEHOLD, ME_ID, NO_HOUSEHOLD, PUBLIC_CONFIG, SAM_ID } from './fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

function open(reminder: Reminder | null = null, household: unknown = IN_HOUSEHOLD) {
  renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} />, [
    [householdQueryKey, household],
    [publicConfigQueryKey, PUBLIC_CONFIG],
  ]);
  return userEvent.setup();
}

const box = () => screen.getByRole('checkbox', { name: SHARED_LABEL });
const category = () => screen.getByLabelText(/^Category/);
const dealsWith = () => screen.getByLabelText(DEALS_WITH_LABEL) as HTMLSelectElement;
/** The select unfolds under the box: folded (and inert) while the box is clear. */
const folded = () => dealsWith().closest('.shared-reveal')?.getAttribute('data-open') === 'false';

describe("the dialog's 'Shared with household'", () => {
  it('is ticked by default for the household contracts, clear for subscriptions and credit cards', async () => {
    const user = open();
    expect(box()).toHaveAccessibleDescription(SHARED_HINT);
    const ticked: string[] = [];
    for (const { value } of CATEGORIES) {
      await user.selectOptions(category(), value);
      if ((box() as HTMLInputElement).checked) ticked.push(value);
    }
    expect(ticked.sort()).toEqual(
      ['broadband_mobile', 'car_tax_mot', 'insurance', 'mortgage', 'utilities_energy'].sort(),
    );
  });

  it('follows the category until the user changes it, then stays as they left it', async () => {
    const user = open();
    expect(box()).toBeChecked(); // a mortgage
    await user.selectOptions(category(), 'subscriptions');
    expect(box()).not.toBeChecked();
    await user.click(box());
    await user.selectOptions(category(), 'credit_cards');
    expect(box()).toBeChecked();
    await user.click(box());
    await user.selectOptions(category(), 'mortgage');
    expect(box()).not.toBeChecked();
  });

  it("offers 'Anyone', 'You' and the others by first name, folded away while the box is clear", async () => {
    const user = open();
    expect([...dealsWith().options].map((o) => [o.text, o.value])).toEqual([
      ['Anyone', ''],
      ['You', IN_HOUSEHOLD.household.members[0]!.membership_id],
      ['Sam', SAM_ID],
    ]);
    expect(folded()).toBe(false);
    await user.click(box());
    expect(folded()).toBe(true);
  });

  it('sends the box and who deals with it; cleared, it sends neither', async () => {
    const fetchMock = stubFetch(201, { reminder: aReminder() });
    const user = open();
    await user.type(screen.getByLabelText(/^Title/), 'Home loan');
    await user.type(screen.getByLabelText(/^Provider/), 'Nationwide');
    await user.type(screen.getByLabelText(/^(Deal ends|Renews on|Next payment)/), '2030-09-30');
    await user.selectOptions(dealsWith(), SAM_ID);
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ shared: true, deals_with: SAM_ID });

    fetchMock.mockClear();
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ shared: false, deals_with: null });
  });

  it("an edit shows the reminder's own value, not the category's; a former member reads 'Anyone'", () => {
    const edit = (reminder: Reminder) =>
      renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} />, [
        [householdQueryKey, IN_HOUSEHOLD],
      ]);
    let view = edit(aReminder({ category: 'insurance' }));
    expect(box()).not.toBeChecked();
    view.unmount();

    // The caller's own shared reminders (they shared them): the box is theirs to clear.
    view = edit(
      aReminder({ category: 'subscriptions', shared: true, deals_with: SAM_ID, created_by: ME_ID }),
    );
    expect(box()).toBeChecked();
    expect(dealsWith()).toHaveValue(SAM_ID);
    view.unmount();

    edit(aReminder({ shared: true, deals_with: FORMER_ID, created_by: ME_ID }));
    expect(dealsWith()).toHaveValue('');
  });

  it('is no box for a member who did not share it: only its sharer takes it back, the others may leave it', async () => {
    const fetchMock = stubFetch(200, { reminder: aReminder() });
    const sharedBySam = aReminder({ shared: true, created_by: SAM_ID, deals_with: null });
    const view = renderWithClient(<ReminderDialog open reminder={sharedBySam} onOpenChange={vi.fn()} />, [
      [householdQueryKey, IN_HOUSEHOLD],
    ]);
    expect(screen.queryByRole('checkbox', { name: SHARED_LABEL })).toBeNull();
    expect(screen.getByText(takeBackHint('Sam'))).toBeInTheDocument();
    expect(takeBackHint('Sam')).toBe(
      "Only Sam, who shared it, can take it back. To stop seeing it, use 'Leave this reminder' on its page.",
    );
    // Saved as it stands, it stays shared.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ shared: true });
    view.unmount();

    // Its sharer has the box; a sharer who has left is named by nobody.
    renderWithClient(
      <ReminderDialog open reminder={{ ...sharedBySam, created_by: ME_ID }} onOpenChange={vi.fn()} />,
      [[householdQueryKey, IN_HOUSEHOLD]],
    );
    expect(box()).toBeChecked();
    expect(takeBackHint('A former member')).toMatch(/^Only the member who shared it can take it back\./);
  });

  it('is not offered outside a household, and nothing is shared', () => {
    open(null, NO_HOUSEHOLD);
    expect(screen.queryByRole('checkbox', { name: SHARED_LABEL })).toBeNull();
    expect(screen.queryByLabelText(DEALS_WITH_LABEL)).toBeNull();
  });
});

describe("the dialog's 'Who pays?'", () => {
  const ME = IN_HOUSEHOLD.household.members[0]!.membership_id;
  const whoPays = () => screen.getByLabelText(WHO_PAYS_LABEL) as HTMLSelectElement;

  async function fillMortgage(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/^Title/), 'Home loan');
    await user.type(screen.getByLabelText(/^Provider/), 'Nationwide');
    await user.type(screen.getByLabelText(/^Amount/), '1150');
    await user.type(screen.getByLabelText(/^(Deal ends|Renews on|Next payment)/), '2030-09-30');
  }

  it('offers equal parts, each member, or amounts; one member pays is sent as that member', async () => {
    const fetchMock = stubFetch(201, { reminder: aReminder() });
    const user = open();
    expect([...whoPays().options].map((o) => [o.text, o.value])).toEqual([
      ['Split equally', 'equal'],
      ['You', ME],
      ['Sam', SAM_ID],
      ['Split by amounts', 'amounts'],
    ]);
    await fillMortgage(user);
    await user.selectOptions(whoPays(), SAM_ID);
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ who_pays: { split: 'member', member: SAM_ID } });
  });

  it('asks for shares that add up to the amount, then sends them', async () => {
    const fetchMock = stubFetch(201, { reminder: aReminder() });
    const user = open();
    await fillMortgage(user);
    await user.selectOptions(whoPays(), 'amounts');
    await user.type(screen.getByLabelText('Your share (£)'), '600');
    await user.type(screen.getByLabelText("Sam's share (£)"), '500');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() =>
      expect(whoPays()).toHaveAccessibleDescription('The shares add up to £1,100.00, not £1,150.00'),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText("Sam's share (£)"));
    await user.type(screen.getByLabelText("Sam's share (£)"), '£550.00');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({
      who_pays: {
        split: 'amounts',
        shares: [
          { member: ME, amount: 600 },
          { member: SAM_ID, amount: 550 },
        ],
      },
    });
  });

  it("an edit shows the reminder's split; one naming a former member starts again at equal", () => {
    const edit = (reminder: Reminder) =>
      renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} />, [
        [householdQueryKey, IN_HOUSEHOLD],
      ]);
    const shares = [
      { member: ME, amount: 600 },
      { member: SAM_ID, amount: 550 },
    ];
    let view = edit(aReminder({ shared: true, amount: 1150, who_pays: { split: 'amounts', shares } }));
    expect(whoPays().value).toBe('amounts');
    expect(screen.getByLabelText("Sam's share (£)")).toHaveValue('550.00');
    view.unmount();
    view = edit(aReminder({ shared: true, who_pays: { split: 'member', member: FORMER_ID } }));
    expect(whoPays().value).toBe('equal');
    view.unmount();
  });
});
