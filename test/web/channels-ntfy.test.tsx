/**
 * ntfy in the Notifications card, the API stubbed: the form checks the address with the contract's
 * own schema (an http:// address is refused with its message, nothing sent), a save sends the
 * token only when one was typed and never shows it back ('Token saved'), the server's field
 * messages land on their fields, 'Send a test' shows what ntfy answered, 'Remove' asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_MESSAGES, type Channels } from '#shared/channels/kinds.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { AlertChannels } from '../../web/src/features/notifications/components/NotificationsCard.tsx';
import { anNtfy, noChannels } from './channels-fixtures.ts';
import { stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const TOPIC = 'https://ntfy.sh/alex-renewals-k7q2';

async function ntfy() {
  const section = await screen.findByRole('region', { name: 'ntfy' });
  return {
    section,
    address: within(section).getByLabelText('Topic address'),
    token: within(section).getByLabelText('Access token (optional)'),
    save: within(section).getByRole('button', { name: 'Save' }),
  };
}

/** A stubbed API whose channels follow each save and removal. */
function channelsApi(start: Channels = noChannels()) {
  let channels = start;
  const api = stubApi({
    'GET /api/channels/me': () => ({ status: 200, body: channels }),
    'POST /api/channels/ntfy/test': {
      status: 200,
      body: {
        kind: 'ntfy',
        outcome: 'delivered',
        http_status: 200,
        summary: 'ntfy accepted it (message id abc123)',
      },
    },
    'PUT /api/channels/ntfy': (body) => {
      const { topic_url, token } = body as { topic_url: string; token?: string | null };
      const kept = channels.ntfy?.has_token ?? false;
      const ntfy = anNtfy({ topic_url, has_token: token === undefined ? kept : token !== null });
      channels = { ...channels, ntfy };
      return { status: 200, body: { channel: ntfy } };
    },
    'DELETE /api/channels/ntfy': () => {
      channels = { ...channels, ntfy: null };
      return { status: 204 };
    },
  });
  return api;
}

describe("ntfy's form", () => {
  it("refuses an http:// address with the contract's message, on the field, and sends nothing", async () => {
    const api = channelsApi();
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { address, save } = await ntfy();
    expect(address).toHaveAccessibleDescription('For example https://ntfy.sh/your-secret-topic');
    await user.type(address, 'http://ntfy.sh/alex-renewals');
    await user.click(save);
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription(expect.stringContaining(CHANNEL_MESSAGES.urlHttps));
    expect(api.sent('PUT', '/api/channels/ntfy')).toEqual([]);
  });

  it("saves the address and the token typed, then says 'Token saved' and never shows it", async () => {
    const api = channelsApi();
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section, address, token, save } = await ntfy();
    expect(token).toHaveAttribute('type', 'password');
    await user.type(address, `  ${TOPIC} `);
    await user.type(token, 'tk_s3cr3t');
    await user.click(save);
    expect(await screen.findByText('ntfy saved')).toBeInTheDocument();
    // The contract's schema trims the address before it goes.
    expect(api.sent('PUT', '/api/channels/ntfy').map((c) => c.body)).toEqual([
      { topic_url: TOPIC, token: 'tk_s3cr3t' },
    ]);
    await waitFor(() => expect(within(section).getByText('On')).toBeInTheDocument());
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription(expect.stringContaining('Token saved'));
    expect(section).not.toHaveTextContent('tk_s3cr3t');
    expect(address).toHaveValue(TOPIC);

    // Saving again with the field empty keeps the token: none is sent.
    await user.click(save);
    await waitFor(() => expect(api.sent('PUT', '/api/channels/ntfy')).toHaveLength(2));
    expect(api.sent('PUT', '/api/channels/ntfy')[1]!.body).toEqual({ topic_url: TOPIC });

    // 'Remove token' sends null.
    await user.click(within(section).getByRole('button', { name: 'Remove token' }));
    await waitFor(() => expect(api.sent('PUT', '/api/channels/ntfy')).toHaveLength(3));
    expect(api.sent('PUT', '/api/channels/ntfy')[2]!.body).toEqual({ topic_url: TOPIC, token: null });
    await waitFor(() => expect(within(section).queryByRole('button', { name: 'Remove token' })).toBeNull());
  });

  it("puts the server's field message on its field", async () => {
    stubApi({
      'GET /api/channels/me': { status: 200, body: noChannels() },
      'PUT /api/channels/ntfy': {
        status: 400,
        body: { message: 'Invalid input', fieldErrors: { topic_url: [CHANNEL_MESSAGES.urlPrivate] } },
      },
    });
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { address, save } = await ntfy();
    await user.type(address, 'https://ntfy.example.com/renewals');
    await user.click(save);
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription(expect.stringContaining(CHANNEL_MESSAGES.urlPrivate)),
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Invalid input')).toBeInTheDocument();
    // Said on its field, so not again on the form.
    expect(within(await ntfy().then((n) => n.section)).queryByRole('alert')).toBeNull();
  });

  it('says on the form why the server refused an address it had no field message for', async () => {
    stubApi({
      'GET /api/channels/me': { status: 200, body: noChannels() },
      'PUT /api/channels/ntfy': { status: 400, body: { message: CHANNEL_MESSAGES.urlPrivate } },
    });
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section, address, save } = await ntfy();
    await user.type(address, 'https://ntfy.example.com/renewals');
    await user.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent(CHANNEL_MESSAGES.urlPrivate);
  });
});

describe("ntfy's 'Send a test' and 'Remove'", () => {
  it('shows what ntfy answered', async () => {
    const api = channelsApi(noChannels({ ntfy: anNtfy() }));
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section } = await ntfy();
    await user.click(within(section).getByRole('button', { name: 'Send a test to ntfy' }));
    const result = await within(section).findByText('ntfy accepted it (message id abc123)', { exact: false });
    expect(result).toHaveTextContent('Delivered: ntfy accepted it (message id abc123)');
    expect(api.sent('POST', '/api/channels/ntfy/test')).toHaveLength(1);
  });

  it("shows a failed test's status and what came back", async () => {
    stubApi({
      'GET /api/channels/me': { status: 200, body: noChannels({ ntfy: anNtfy() }) },
      'POST /api/channels/ntfy/test': {
        status: 200,
        body: { kind: 'ntfy', outcome: 'failed', http_status: 403, summary: 'ntfy refused the access token' },
      },
    });
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section } = await ntfy();
    await user.click(within(section).getByRole('button', { name: 'Send a test to ntfy' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Failed (HTTP 403): ntfy refused the access token',
    );
  });

  it("asks before 'Remove', then empties the form", async () => {
    const api = channelsApi(noChannels({ ntfy: anNtfy() }));
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section, address } = await ntfy();
    expect(address).toHaveValue(TOPIC);
    await user.click(within(section).getByRole('button', { name: 'Remove ntfy' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove ntfy?' });
    expect(api.sent('DELETE', '/api/channels/ntfy')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(address).toHaveValue(''));
    expect(api.sent('DELETE', '/api/channels/ntfy')).toHaveLength(1);
    expect(within(section).getByText('Not set up')).toBeInTheDocument();
  });

  it("says when the server turned it off, and 'Save' turns it on again", async () => {
    const api = channelsApi(
      noChannels({ ntfy: anNtfy({ status: 'off', off_reason: 'The ntfy server said the topic is gone' }) }),
    );
    renderWithClient(<AlertChannels />);
    const user = userEvent.setup();
    const { section, save } = await ntfy();
    expect(section).toHaveTextContent('Turned off: The ntfy server said the topic is gone');
    expect(section).toHaveTextContent('Save it again to turn it back on.');
    await user.click(save);
    await waitFor(() => expect(within(section).getByText('On')).toBeInTheDocument());
    expect(api.sent('PUT', '/api/channels/ntfy').map((c) => c.body)).toEqual([{ topic_url: TOPIC }]);
    expect(section).not.toHaveTextContent('Turned off');
  });
});
