/** The /unsubscribe page: opening it only reads (the masked address); only the press unsubscribes. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import UnsubscribePage from '../../web/src/features/public/pages/UnsubscribePage.tsx';

function stubApi(details: object = { masked_email: 'j•••@example.com', kind: 'reminders' }) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.method === 'POST' ? { unsubscribed: true } : details;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const methods = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([, init]) => init?.method);

describe('UnsubscribePage', () => {
  it('shows whose e-mails with a button, sends only a GET on load, and POSTs on the press', async () => {
    const fetchMock = stubApi();
    render(
      <MemoryRouter initialEntries={['/unsubscribe?token=v1.user.signature']}>
        <UnsubscribePage />
      </MemoryRouter>,
    );
    await screen.findByText('j•••@example.com');
    expect(methods(fetchMock)).toEqual(['GET']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/unsubscribe?token=v1.user.signature');
    expect(screen.queryByText(/You're unsubscribed/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText(/You're unsubscribed/);
    expect(methods(fetchMock)).toEqual(['GET', 'POST']);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it("an invitee's link stops household invitations, and says so", async () => {
    stubApi({ masked_email: null, kind: 'invitations' });
    render(
      <MemoryRouter initialEntries={['/unsubscribe?token=v1.invitee~v1~hash.signature']}>
        <UnsubscribePage />
      </MemoryRouter>,
    );
    await screen.findByText(/Stop household invitations to this address\?/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText("You're unsubscribed: we won't send invitations to this address any more.");
  });

  it('says a link without a token is not valid, and calls nothing', () => {
    const fetchMock = stubApi();
    render(
      <MemoryRouter initialEntries={['/unsubscribe']}>
        <UnsubscribePage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
