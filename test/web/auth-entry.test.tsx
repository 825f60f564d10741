/**
 * Where the ways in lead: every sign-up button of the public pages opens /auth on Sign Up (the
 * header's small 'Sign In' on Sign In); an invitation's link, followed signed out, opens Sign Up with
 * the invited address filled in and says whose invitation it is, asked of the API by its token.
 */
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CATEGORY_LINKS } from '../../web/src/features/public/content/category-links.ts';
import { joinPath } from '#shared/household.ts';
import { renderWithClient, stubFetch } from './render.tsx';

vi.mock('../../web/src/features/auth/session.ts', () => ({
  signInWithPassword: vi.fn(),
  refreshSession: vi.fn(),
  resendConfirmation: vi.fn(),
  requestPasswordReset: vi.fn(),
  confirmPasswordReset: vi.fn(),
  signUpAccount: vi.fn(),
}));

const { default: LandingPage } = await import('../../web/src/features/public/pages/LandingPage.tsx');
const { default: CategoryPage } = await import('../../web/src/features/public/pages/CategoryPage.tsx');
const { default: AuthPage } = await import('../../web/src/features/auth/pages/AuthPage.tsx');
const { authPathFor } = await import('../../web/src/utils/redirect.ts');

const SIGN_UP = '/auth?tab=signup';

describe('the public pages', () => {
  it("send 'Get Started Free' and every other sign-up button to Sign Up; 'Sign In' to Sign In", () => {
    stubFetch(200, { places_left: 10, limit: 1000, active: true });
    const { unmount } = renderWithClient(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    // The header's 'Get Started Free', and the page's own: hero, mid-page and the closing band.
    const signUps = [
      ...screen.getAllByRole('link', { name: 'Get Started Free' }),
      ...screen.getAllByRole('link', { name: 'Get Started Free Today' }),
      screen.getByRole('link', { name: 'Sign up free in 30 seconds' }),
    ];
    expect(signUps).toHaveLength(4);
    for (const link of signUps) expect(link, link.textContent ?? '').toHaveAttribute('href', SIGN_UP);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    unmount();

    renderWithClient(
      <MemoryRouter>
        <CategoryPage slug={CATEGORY_LINKS[0]!.slug} />
      </MemoryRouter>,
    );
    const ctas = [
      screen.getByRole('link', { name: 'Get Started Free' }),
      ...screen.getAllByRole('link', { name: 'Get Started Free Today' }),
    ];
    expect(ctas).toHaveLength(3);
    for (const link of ctas) expect(link).toHaveAttribute('href', SIGN_UP);
  });
});

function openAuth(address: string) {
  renderWithClient(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/auth" element={<AuthPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const TOKEN = 'T'.repeat(43);

describe('/auth', () => {
  it("opens Sign Up from a sign-up button's link", () => {
    openAuth(SIGN_UP);
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  });

  it("on the way back to an invitation's link: Sign Up, the invited address, and whose invitation", async () => {
    const fetchMock = stubFetch(200, { inviter_first_name: 'Alice' });
    openAuth(authPathFor(joinPath(TOKEN, 'bea@example.com')));
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('bea@example.com');
    expect(await screen.findByText('Alice invited you to share renewals')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect([String(path), init?.method, JSON.parse(String(init?.body))]).toEqual([
      '/api/invitations/inviter',
      'POST',
      { token: TOKEN },
    ]);
  });

  it('says nothing of an invitation that no longer works, and opens Sign In when asked', async () => {
    const fetchMock = stubFetch(200, { inviter_first_name: null });
    openAuth(`${authPathFor(joinPath(TOKEN, 'bea@example.com'))}&tab=signin`);
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    // The invited address is the sign-in form's too.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('bea@example.com');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/invited you/)).toBeNull();
  });

  it('asks nothing when the way back is not an invitation', () => {
    const fetchMock = stubFetch(200, {});
    openAuth(authPathFor('/settings'));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
