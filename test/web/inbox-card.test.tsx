/**
 * 'Your renewal inbox' with the API stubbed: the address with 'Copy' and how to forward, 'Reset
 * address' behind its confirmation, no address where the stage receives no mail, the dashboard's one
 * line, and 'Upload a letter' for pasted text and a file (base64, checked for size before sending,
 * 'Reading…' while the server reads it).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INBOX_MESSAGES, INBOX_UPLOAD_MAX_BYTES } from '#shared/inbox/items.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { InboxCard, InboxStrip } from '../../web/src/features/inbox/index.ts';
import { ADDRESS, anInbox, anItem, stubApi } from './inbox-fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const FORWARD = 'In Gmail or Outlook, open the renewal e-mail, choose Forward, and send it to this address.';

describe("Settings' 'Your renewal inbox'", () => {
  it('shows the address, how to forward to it, and copies it', async () => {
    stubApi({ 'GET /api/inbox/me': { status: 200, body: anInbox([]) } });
    renderWithClient(<InboxCard />);
    const card = screen.getByRole('region', { name: 'Your renewal inbox' });
    expect(await within(card).findByLabelText('Your inbox address')).toHaveValue(ADDRESS);
    expect(card).toHaveTextContent(FORWARD);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(card).getByRole('button', { name: 'Copy inbox address' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it("'Reset address' asks first, then shows the new address", async () => {
    let address = ADDRESS;
    const api = stubApi({
      'GET /api/inbox/me': () => ({ status: 200, body: anInbox([], address) }),
      'POST /api/inbox/address': () => {
        address = 'renew-new@inbox.example.com';
        return { status: 200, body: { address } };
      },
    });
    renderWithClient(<InboxCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset address?' });
    expect(dialog).toHaveTextContent('Mail sent to the old address stops arriving');
    expect(api.sent('POST', '/api/inbox/address')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Your inbox address')).toHaveValue('renew-new@inbox.example.com'),
    );
    expect(api.sent('POST', '/api/inbox/address')).toHaveLength(1);
  });

  it('says the inbox receives no mail here when there is no address, and still offers an upload', async () => {
    stubApi({ 'GET /api/inbox/me': { status: 200, body: anInbox([], null) } });
    renderWithClient(<InboxCard />);
    await screen.findByText('The renewal inbox does not receive e-mail here. You can still upload a letter.');
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset address' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a letter' })).toBeInTheDocument();
  });

  it('offers to try again when the inbox cannot be loaded', async () => {
    stubApi({ 'GET /api/inbox/me': { status: 500, body: { error: 'Internal error' } } });
    renderWithClient(<InboxCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your renewal inbox could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("the dashboard's one line", () => {
  it('has the address, Copy and Upload a letter, and leaves Reset to Settings', async () => {
    stubApi({ 'GET /api/inbox/me': { status: 200, body: anInbox([]) } });
    renderWithClient(<InboxStrip />);
    const strip = screen.getByRole('region', { name: 'Your renewal inbox' });
    expect(await within(strip).findByText(ADDRESS)).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'Copy inbox address' })).toBeInTheDocument();
    expect(within(strip).getByRole('button', { name: 'Upload a letter' })).toBeInTheDocument();
    expect(within(strip).queryByRole('button', { name: 'Reset address' })).toBeNull();
  });
});

describe("'Upload a letter'", () => {
  async function openUpload() {
    renderWithClient(<InboxStrip />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload a letter' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Upload a letter' }) };
  }

  it("sends pasted text, says 'Reading…' while it is read, and closes with what was found", async () => {
    let answer!: (a: { status: number; body: unknown }) => void;
    const api = stubApi({
      'GET /api/inbox/me': { status: 200, body: anInbox([]) },
      'POST /api/inbox-uploads': new Promise((resolve) => (answer = resolve)),
    });
    const { user, dialog } = await openUpload();
    await user.click(within(dialog).getByRole('radio', { name: 'Text to paste' }));
    await user.click(within(dialog).getByRole('button', { name: 'Read the letter' }));
    expect(within(dialog).getByLabelText('Text of the letter')).toHaveAccessibleDescription(
      INBOX_MESSAGES.textRequired,
    );
    await user.type(
      within(dialog).getByLabelText('Text of the letter'),
      'Your policy renews on 14 March 2030',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Read the letter' }));
    expect(await within(dialog).findByRole('button', { name: 'Reading…' })).toBeDisabled();
    expect(api.sent('POST', '/api/inbox-uploads').map((c) => c.body)).toEqual([
      { kind: 'text', text: 'Your policy renews on 14 March 2030' },
    ]);
    answer({ status: 201, body: { item: anItem({ source: 'upload', subject: null }) } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Letter read')).toBeInTheDocument();
  });

  it('sends a file as base64 with its type', async () => {
    const api = stubApi({
      'GET /api/inbox/me': { status: 200, body: anInbox([]) },
      'POST /api/inbox-uploads': {
        status: 201,
        body: { item: anItem({ status: 'nothing_found', message: INBOX_MESSAGES.noDateUpload }) },
      },
    });
    const { user, dialog } = await openUpload();
    const pdf = new File(['%PDF-1.4 renewal'], 'Renewal letter.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText('Letter file'), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Read the letter' }));
    await screen.findByText(INBOX_MESSAGES.noDateUpload);
    expect(api.sent('POST', '/api/inbox-uploads').map((c) => c.body)).toEqual([
      {
        kind: 'file',
        name: 'Renewal letter.pdf',
        media_type: 'application/pdf',
        data: btoa('%PDF-1.4 renewal'),
      },
    ]);
  });

  it('refuses a file over the limit when it is chosen, and sends nothing', async () => {
    const api = stubApi({ 'GET /api/inbox/me': { status: 200, body: anInbox([]) } });
    const { user, dialog } = await openUpload();
    const big = new File([new Uint8Array(INBOX_UPLOAD_MAX_BYTES + 1)], 'scan.jpg', { type: 'image/jpeg' });
    const input = within(dialog).getByLabelText('Letter file');
    await user.upload(input, big);
    expect(input).toHaveAccessibleDescription(/larger than 4 MB, the most we take/);
    await user.click(within(dialog).getByRole('button', { name: 'Read the letter' }));
    expect(api.sent('POST', '/api/inbox-uploads')).toEqual([]);
  });
});
