/**
 * The dashboard's 'From your inbox' with the API stubbed: what was read with the line each figure came
 * from (the figure marked) and the rise on last year; 'Update {reminder}' confirming editable figures
 * before anything is sent; 'Add reminder' filling the reminder dialog and dismissing the item once
 * the reminder is made; an item where nothing was found, in words, with 'Add it yourself'; 'Dismiss'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { INBOX_MESSAGES, type InboxItem } from '#shared/inbox/items.ts';
import { NO_FIELDS } from '#shared/inbox/fields.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { remindersQueryKey } from '../../web/src/api/get-reminders.ts';
import { FromYourInbox } from '../../web/src/features/inbox/index.ts';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD } from './fixtures.ts';
import { anInbox, anItem, ITEM_ID, stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const HOME = aReminder();
const ITEM_PATH = `/api/inbox/items/${ITEM_ID}`;

/** The list over `items`, the user's reminders known; the inbox is read again empty after any change. */
function show(
  items: InboxItem[],
  reminders: Reminder[] = [HOME],
  routes: Parameters<typeof stubApi>[0] = {},
) {
  let current = items;
  const api = stubApi({
    'GET /api/inbox/me': () => ({ status: 200, body: anInbox(current) }),
    [`DELETE ${ITEM_PATH}`]: () => {
      current = [];
      return { status: 204 };
    },
    [`POST ${ITEM_PATH}/apply`]: () => {
      current = [];
      return { status: 200, body: { reminder: HOME } };
    },
    'GET /api/reminders': { status: 200, body: { reminders } },
    ...routes,
  });
  renderWithClient(<FromYourInbox />, [
    [remindersQueryKey, reminders],
    [householdQueryKey, NO_HOUSEHOLD],
  ]);
  return { api, user: userEvent.setup() };
}

const section = () => screen.findByRole('region', { name: 'From your inbox' });

describe("'From your inbox'", () => {
  it('shows what was read, the rise on last year, and each figure marked in its line', async () => {
    show([anItem()]);
    const item = within(await section()).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Aviva · Insurance' })).toBeInTheDocument();
    const figures = Object.fromEntries(
      [...item.querySelectorAll('.inbox-figures > div')].map((d) => [
        d.querySelector('dt')!.textContent,
        d.querySelector('dd')!.textContent,
      ]),
    );
    expect(figures).toEqual({
      'Renews on': '14/03/2030',
      'New price': "£612.34/yr, up 23% on last year's £498.10",
      "Last year's price": '£498.10',
    });
    expect(within(item).getByText('Where we read this')).toBeInTheDocument();
    expect([...item.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'Aviva',
      '14th March 2030',
      '£612.34',
      '£498.10',
    ]);
    // A figure not written as itself (the category) shows its whole line, unmarked.
    expect(within(item).getByText('Your home insurance renewal').tagName).toBe('DD');
  });

  it('shows nothing while loading or with no items', async () => {
    const { api } = show([]);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'From your inbox' })).toBeNull();
  });

  it("'Update {title}' confirms editable figures, sends them as confirmed, and the item goes", async () => {
    const { api, user } = show([anItem({ match: HOME.id })]);
    await user.click(await screen.findByRole('button', { name: 'Update Home insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Home insurance?' });
    expect(within(dialog).getByLabelText('Renews on')).toHaveValue('2030-03-14');
    expect(within(dialog).getByLabelText("Last year's price (£)")).toHaveValue('498.1');
    const price = within(dialog).getByLabelText('Renewal price (£)');
    expect(price).toHaveValue('612.34');
    await user.clear(price);
    await user.type(price, '598.00');
    expect(api.sent('POST', `${ITEM_PATH}/apply`)).toEqual([]);
    api.calls.length = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Update Home insurance' }));
    expect(await screen.findByText('Reminder updated successfully')).toBeInTheDocument();
    expect(api.sent('POST', `${ITEM_PATH}/apply`).map((c) => c.body)).toEqual([
      { reminder_id: HOME.id, renewal_date: '2030-03-14', renewal_price: 598, previous_amount: 498.1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'From your inbox' })).toBeNull());
    // The reminders list is read again with the inbox.
    expect(api.calls.some((c) => c.method === 'GET' && c.path === '/api/reminders')).toBe(true);
  });

  it("offers 'Add reminder' when no reminder matches; the dialog starts from what was read and the item goes once it is made", async () => {
    const { api, user } = show([anItem({ match: 'not-one-of-yours' })], [HOME], {
      'POST /api/reminders': { status: 201, body: { reminder: aReminder({ id: 'new' }) } },
    });
    expect(screen.queryByRole('button', { name: /^Update/ })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Add reminder from Aviva item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Reminder' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Aviva Insurance');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('insurance');
    expect(within(dialog).getByLabelText(/^Provider/)).toHaveValue('Aviva');
    expect(within(dialog).getByLabelText(/^Renews on/)).toHaveValue('2030-03-14');
    expect(within(dialog).getByLabelText(/^Amount/)).toHaveValue('612.34');
    expect(within(dialog).getByLabelText('How often do you pay?')).toHaveValue('yearly');
    expect(api.sent('DELETE', ITEM_PATH)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create Reminder' }));
    await screen.findByText('Reminder created successfully');
    expect(api.sent('POST', '/api/reminders').map((c) => c.body)).toEqual([
      expect.objectContaining({
        title: 'Aviva Insurance',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2030-03-14',
        amount: 612.34,
        billing: 'yearly',
        date_kind: 'renewal',
        lead_days: null,
      }),
    ]);
    await waitFor(() => expect(api.sent('DELETE', ITEM_PATH)).toHaveLength(1));
  });

  it("says in words why nothing was found, and 'Add it yourself' starts from what was", async () => {
    const item = anItem({
      status: 'nothing_found',
      message: INBOX_MESSAGES.noDate,
      fields: { ...NO_FIELDS, provider: 'Octopus Energy', sources: { provider: 'Octopus Energy Ltd' } },
    });
    const { user } = show([item]);
    const card = within(await section()).getByRole('listitem');
    expect(card).toHaveTextContent("We couldn't find a renewal date in this e-mail");
    expect(within(card).queryByRole('button', { name: /^Add reminder/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Add it yourself Octopus Energy item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Reminder' });
    expect(within(dialog).getByLabelText(/^Provider/)).toHaveValue('Octopus Energy');
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Octopus Energy');
  });

  it("shows 'Reading…' while a mail is read", async () => {
    show([anItem({ status: 'processing', fields: NO_FIELDS })]);
    expect(await screen.findByText('Reading…')).toBeInTheDocument();
  });

  it("'Dismiss' takes the item away", async () => {
    const { api, user } = show([anItem()]);
    await user.click(await screen.findByRole('button', { name: 'Dismiss Aviva item' }));
    expect(await screen.findByText('Dismissed')).toBeInTheDocument();
    expect(api.sent('DELETE', ITEM_PATH)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'From your inbox' })).toBeNull());
  });
});
