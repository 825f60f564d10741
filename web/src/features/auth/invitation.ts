/**
 * An invitation's link followed while signed out: the guard sends the visitor to /auth with the join
 * page in ?redirect= (the token in its query, the invited address in its fragment). /auth then opens
 * on Sign Up with that address filled in, and says whose invitation it is, which only the API can
 * tell from the token (a public route that answers nothing but the inviter's first name).
 */
import { useQuery } from '@tanstack/react-query';
import { INVITATION_TOKEN } from '#shared/household.ts';
import { decodeLinkAddress, LINK_ADDRESS_PARAM } from '#shared/linkSignIn.ts';
import type { API } from '#shared/routes.ts';
import { callPublic } from '../../api/request.ts';
import { ROUTES } from '../../config/routes.ts';
import { safeRedirect } from '../../utils/redirect.ts';

export interface InvitationLink {
  token: string;
  /** The invited address, from the link's fragment; null when it has none we wrote. */
  email: string | null;
}

/** The invitation a sign-in's `redirect` leads back to, or null when it leads anywhere else. */
export function invitationIn(redirect: string | null): InvitationLink | null {
  const target = safeRedirect(redirect, '');
  if (!target) return null;
  const url = new URL(target, window.location.origin);
  const token = url.searchParams.get('token') ?? '';
  if (url.pathname !== ROUTES.householdJoin.path || !INVITATION_TOKEN.test(token)) return null;
  const encoded = new URLSearchParams(url.hash.slice(1)).get(LINK_ADDRESS_PARAM);
  return { token, email: encoded === null ? null : decodeLinkAddress(encoded) };
}

/** The inviter's first name while the invitation works (else null); asked once, never retried. */
export function useInviterName(token: string | null): string | null {
  const inviter = useQuery({
    queryKey: ['invitation-inviter', token],
    queryFn: () =>
      callPublic<typeof API.invitationInviter>(
        { method: 'POST', path: '/api/invitations/inviter' },
        { body: { token: token! } },
      ),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return inviter.data?.inviter_first_name ?? null;
}
