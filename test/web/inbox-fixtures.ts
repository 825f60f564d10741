/** Test data for the renewal inbox's web tests: items as the API gives them, and an API stubbed by route. */
import { vi } from 'vitest';
import type { Inbox, InboxItem } from '#shared/inbox/items.ts';

export const ITEM_ID = 'aaaaaaaa-1111-4111-8111-aaaaaaaaaaaa';
export const ADDRESS = 'renew-k7q2xw@inbox.example.com';

/** Aviva's home insurance renewal, everything read, last year's price too. */
export const anItem = (over: Partial<InboxItem> = {}): InboxItem => ({
  id: ITEM_ID,
  status: 'ready',
  received_at: '2030-02-01T09:00:00.000Z',
  source: 'email',
  subject: 'Your home insurance renewal',
  fields: {
    provider: 'Aviva',
    category: 'insurance',
    renewal_date: '2030-03-14',
    date_kind: 'renewal',
    amount: 612.34,
    repeats: 'yearly',
    previous_amount: 498.1,
    sources: {
      provider: 'Aviva Insurance Limited, Pitheavlis, Perth',
      category: 'Your home insurance renewal',
      renewal_date: 'Your policy renews on 14th March 2030.',
      amount: 'Your new annual premium is £612.34 including IPT',
      previous_amount: "Last year's premium: £498.10",
    },
  },
  match: null,
  message: null,
  ...over,
});

export const anInbox = (items: InboxItem[], address: string | null = ADDRESS): Inbox => ({ address, items });

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Replaces fetch with answers by 'METHOD /path' (the first key the request's path starts with), each
 * a value or a function of the request's body; every request is recorded with its JSON body.
 */
export function stubApi(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, path, body });
    const key = Object.keys(routes).find((k) => `${method} ${path}`.startsWith(k));
    if (!key) throw new Error(`no stubbed answer for ${method} ${path}`);
    const route = routes[key]!;
    const answer = await (typeof route === 'function' ? route(body) : route);
    return answer.status === 204
      ? new Response(null, { status: 204 })
      : new Response(JSON.stringify(answer.body ?? {}), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    sent: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
