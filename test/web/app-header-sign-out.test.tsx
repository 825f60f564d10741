/**
 * 'Sign out' in the signed-in pages' header: the cached profile goes first, then the session (what
 * the app shell provides as EndSessionContext: this browser's push, then the session everywhere),
 * then everything kept, and the home page shows.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { remindersQueryKey } from '../../web/src/api/get-reminders.ts';
import { AppLayout, EndSessionContext } from '../../web/src/components/AppLayout.tsx';
import { aProfile } from './fixtures.ts';

describe("the header's 'Sign out'", () => {
  it('forgets the profile, ends the session, forgets what was kept, then goes home', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(meQueryKey, { profile: aProfile(), isAdmin: false });
    client.setQueryData(remindersQueryKey, []);
    const seen: string[] = [];
    const endSession = vi.fn(async () => {
      seen.push(`profile ${client.getQueryData(meQueryKey) ? 'kept' : 'gone'}`);
      seen.push(`reminders ${client.getQueryData(remindersQueryKey) ? 'kept' : 'gone'}`);
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <EndSessionContext.Provider value={endSession}>
            <Routes>
              <Route path="/dashboard" element={<AppLayout>Signed-in page</AppLayout>} />
              <Route path="/" element={<p>Home page</p>} />
            </Routes>
          </EndSessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['profile gone', 'reminders kept']);
    expect(client.getQueryData(remindersQueryKey)).toBeUndefined();
  });
});
