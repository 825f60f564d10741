/** Rendering helpers for the web tests: a fresh query client, the toaster, and a stubbed API. */
import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'sonner';
import { expect, vi } from 'vitest';

/**
 * Renders `ui` with a fresh query client. `known`: answers already in the cache, kept fresh (never
 * fetched), as a page opened after the dashboard finds them. The client wraps `ui`, so the result's
 * `rerender` keeps it.
 */
export function renderWithClient(ui: ReactElement, known: readonly [QueryKey, unknown][] = []) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  for (const [key, data] of known) {
    client.setQueryDefaults(key, { staleTime: Infinity });
    client.setQueryData(key, data);
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}

/** Replaces fetch: every call answers `status` with `body` (JSON), and is recorded. */
export function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The one request made: its path, method and JSON body. */
export function onlyRequest(fetchMock: ReturnType<typeof stubFetch>) {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [input, init] = fetchMock.mock.calls[0]!;
  return {
    path: String(input),
    method: init?.method,
    authorization: new Headers(init?.headers).get('Authorization'),
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
}
