/**
 * The webhook in the Notifications card, the API stubbed: the signing secret is shown once after
 * the first save and after 'Rotate secret', and never again (not after the channels are read again,
 * nor when the card comes back); the recent deliveries as a table on a wide screen and a list on a
 * phone; a webhook the server turned off says when and why; 'Remove' asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_MESSAGES, type Channels } from '#shared/channels/kinds.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { AlertChannels } from '../../web/src/features/notifications/components/NotificationsCard.tsx';
import { aDelivery, aWebhook, noChannels, SECRET } from './channels-fixtures.ts';
import { stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const URL_ = 'https://hooks.example.com/renewals';
const ROTATED = 'whsec_Zz9yXx8wWv7uUt6sSr5qQp4oOn3mMl2kKj1iIh0gGf9';

const webhook = () => screen.findByRole('region', { name: 'Webhook' });

/** Screens `wide` (768 px and up) or a phone's, as the card's media query reads them. */
function screenWide(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(min-width: 768px)' ? wide : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

/** A stubbed API whose channels follow each save, rotation and removal. */
function channelsApi(start: Channels = noChannels()) {
  let channels = start;
  return stubApi({
    'GET /api/channels/me': () => ({ status: 200, body: channels }),
    'POST /api/channels/webhook/secret': () => {
      const hook = aWebhook({
        url: channels.webhook!.url,
        secret_hint: 'whsec_Zz9y',
        previous_secret_until: '2026-11-30T09:15:00.000Z',
      });
      channels = { ...channels, webhook: hook };
      return { status: 200, body: { channel: hook, secret: ROTATED } };
    },
    'PUT /api/channels/webhook': (body) => {
      const fresh = channels.webhook === null;
      const hook = aWebhook({ url: (body as { url: string }).url });
      channels = { ...channels, webhook: hook };
      return { status: 200, body: { channel: hook, secret: fresh ? SECRET : null } };
    },
    'DELETE /api/channels/webhook': () => {
      channels = { ...channels, webhook: null };
      return { status: 204 };
    },
  });
}

describe("the webhook's signing secret", () => {
  it('is shown once after the first save, and not again once the card is opened again', async () => {
    const api = channelsApi();
    const view = renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    let section = await webhook();
    await user.type(within(section).getByLabelText('Webhook address'), URL_);
    await user.click(within(section).getByRole('button', { name: 'Save' }));

    const field = await within(section).findByLabelText('Signing secret');
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Copy it now: we will not show it again.'),
    );
    expect(api.sent('PUT', '/api/channels/webhook').map((c) => c.body)).toEqual([{ url: URL_ }]);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(section).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    // The channels read again after the save: the secret is in none of it.
    await waitFor(() => expect(api.sent('GET', '/api/channels/me')).toHaveLength(2));
    // Away from Settings and back: the card shows the secret's first characters only.
    view.rerender(<></>);
    view.rerender(<AlertChannels />);
    section = await webhook();
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(section).toHaveTextContent('Signing secret: whsec_AbC1…');
  });

  it("changing the address keeps the secret: none is shown; 'Done' puts a new one away", async () => {
    const api = channelsApi(noChannels({ webhook: aWebhook() }));
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await webhook();
    const address = within(section).getByLabelText('Webhook address');
    expect(address).toHaveValue(URL_);
    await user.clear(address);
    await user.type(address, 'https://hooks.example.com/v2');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/channels/webhook')).toHaveLength(1));
    expect(api.sent('PUT', '/api/channels/webhook')[0]!.body).toEqual({
      url: 'https://hooks.example.com/v2',
    });
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();

    // 'Rotate secret' asks (saying the current one signs for a day more), then shows the new one
    // once; 'Done' hides it for good.
    expect(section).not.toHaveTextContent('Your previous secret also signs');
    await user.click(within(section).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rotate the signing secret?' });
    expect(dialog).toHaveTextContent('The current one keeps signing beside it for 24 hours, then stops');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    // UK time: 09:15 GMT on 30 November.
    expect(
      await within(section).findByText(/Your previous secret also signs requests until 30\/11\/2026, 09:15/),
    ).toBeInTheDocument();
    expect(await within(section).findByLabelText('Signing secret')).toHaveValue(ROTATED);
    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();
    expect(section).not.toHaveTextContent(ROTATED);
    await waitFor(() => expect(section).toHaveTextContent('Signing secret: whsec_Zz9y…'));
  });

  it("refuses an http:// address with the contract's message", async () => {
    const api = channelsApi();
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await webhook();
    const address = within(section).getByLabelText('Webhook address');
    await user.type(address, 'http://hooks.example.com/renewals');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(expect.stringContaining(CHANNEL_MESSAGES.urlHttps)),
    );
    expect(api.sent('PUT', '/api/channels/webhook')).toEqual([]);
  });
});

const DELIVERIES = [
  aDelivery({ id: 'dlv_3', at: '2026-11-29T08:00:05.000Z', attempt: 2, summary: 'Answered 200 OK' }),
  aDelivery({
    id: 'dlv_3',
    at: '2026-11-29T07:55:05.000Z',
    outcome: 'retrying',
    http_status: 503,
    summary: 'Answered 503 Service Unavailable',
  }),
  aDelivery({
    id: 'dlv_2',
    at: '2026-11-28T14:12:00.000Z',
    event: 'webhook.test',
    outcome: 'failed',
    http_status: null,
    summary: 'No answer within 5 seconds',
  }),
];

describe("the webhook's recent deliveries", () => {
  it('are a table on a wide screen: time, event, status and what happened', async () => {
    screenWide(true);
    channelsApi(noChannels({ webhook: aWebhook({ deliveries: DELIVERIES }) }));
    renderWithClient(<AlertChannels />);
    const section = await webhook();
    const table = within(section).getByRole('table', { name: 'Recent deliveries' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Time', 'Event', 'Status', 'What happened'],
      ['29/11/2026, 08:00', 'Renewals due', 'Delivered, attempt 2', 'Answered 200 OK'],
      ['29/11/2026, 07:55', 'Renewals due', 'Failed (HTTP 503), retried', 'Answered 503 Service Unavailable'],
      ['28/11/2026, 14:12', 'Test', 'Failed', 'No answer within 5 seconds'],
    ]);
  });

  it('are a list on a phone', async () => {
    screenWide(false);
    channelsApi(noChannels({ webhook: aWebhook({ deliveries: DELIVERIES }) }));
    renderWithClient(<AlertChannels />);
    const section = await webhook();
    expect(within(section).queryByRole('table')).toBeNull();
    const items = within(within(section).getByRole('list', { name: 'Recent deliveries' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Delivered, attempt 229/11/2026, 08:00 · Renewals dueAnswered 200 OK',
      'Failed (HTTP 503), retried29/11/2026, 07:55 · Renewals dueAnswered 503 Service Unavailable',
      'Failed28/11/2026, 14:12 · TestNo answer within 5 seconds',
    ]);
  });

  it("say 'will retry' of a failed day's delivery until its next attempt is in the list", async () => {
    screenWide(true);
    const waiting = aDelivery({
      id: 'dlv_4',
      outcome: 'retrying',
      http_status: 500,
      summary: 'Answered 500',
    });
    channelsApi(noChannels({ webhook: aWebhook({ deliveries: [waiting, ...DELIVERIES] }) }));
    renderWithClient(<AlertChannels />);
    const table = within(await webhook()).getByRole('table', { name: 'Recent deliveries' });
    const statuses = [...table.querySelectorAll('.delivery-status')].map((cell) => cell.textContent);
    expect(statuses).toEqual([
      'Failed (HTTP 500), will retry',
      'Delivered, attempt 2',
      'Failed (HTTP 503), retried',
      'Failed',
    ]);
  });

  it("say there are none yet, and 'Send a test' adds one", async () => {
    let channels = noChannels({ webhook: aWebhook() });
    stubApi({
      'GET /api/channels/me': () => ({ status: 200, body: channels }),
      'POST /api/channels/webhook/test': () => {
        channels = noChannels({ webhook: aWebhook({ deliveries: [aDelivery({ event: 'webhook.test' })] }) });
        return {
          status: 200,
          body: { kind: 'webhook', outcome: 'delivered', http_status: 200, summary: 'Answered 200 OK' },
        };
      },
    });
    screenWide(true);
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await webhook();
    expect(section).toHaveTextContent("None yet: 'Send a test' sends one now.");
    await user.click(within(section).getByRole('button', { name: 'Send a test to your webhook' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Delivered: Answered 200 OK');
    const table = await within(section).findByRole('table', { name: 'Recent deliveries' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});

describe('a webhook the server turned off', () => {
  it('says the day it went off from off_at, in UK time', async () => {
    channelsApi(
      noChannels({
        webhook: aWebhook({
          status: 'off',
          off_reason: 'your server answered 410 Gone',
          // 23:30 UTC on 31 July is 00:30 on 1 August in the UK (BST).
          off_at: '2026-07-31T23:30:00.000Z',
        }),
      }),
    );
    renderWithClient(<AlertChannels />);
    expect(await webhook()).toHaveTextContent('Turned off on 01/08/2026: your server answered 410 Gone');
  });

  it('says when and why, and offers to save it again', async () => {
    const gone = aDelivery({
      at: '2026-11-29T08:00:05.000Z',
      outcome: 'gone',
      http_status: 410,
      summary: 'Answered 410 Gone',
    });
    channelsApi(noChannels({ webhook: aWebhook({ status: 'off', off_reason: null, deliveries: [gone] }) }));
    renderWithClient(<AlertChannels />);
    const section = await webhook();
    expect(section).toHaveTextContent('Turned off on 29/11/2026: the server said the address is gone');
    expect(section).toHaveTextContent('Save it again to turn it back on.');
    expect(within(section).getByText('Off')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe("the webhook's 'Remove'", () => {
  it('asks first, then removes it', async () => {
    const api = channelsApi(noChannels({ webhook: aWebhook() }));
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const section = await webhook();
    await user.click(within(section).getByRole('button', { name: 'Remove webhook' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the webhook?' });
    expect(dialog).toHaveTextContent('its signing secret stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE', '/api/channels/webhook')).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Remove webhook' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Remove the webhook?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(within(section).getByText('Not set up')).toBeInTheDocument());
    expect(api.sent('DELETE', '/api/channels/webhook')).toHaveLength(1);
    expect(within(section).getByLabelText('Webhook address')).toHaveValue('');
  });
});
