import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { INVITATION_TOKEN, invitationProblem, type InvitationPreview } from '#shared/household.ts';
import { HOUSEHOLD_MESSAGES } from '#shared/messages.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { ApiRequestError } from '../../../api/client.ts';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { ROUTES } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useInvitationPreview, useJoinHousehold } from '../api/household.ts';
import './JoinHouseholdPage.css';

/**
 * An invitation's link: 'Join {name}'s household?' with 'Join household' and 'No thanks'. Opening it
 * changes nothing (the preview only reads); only the press joins. The route is signed-in: a signed-out
 * visitor signs in or up first and comes back here with the token.
 */
export default function JoinHouseholdPage() {
  useDocumentTitle(ROUTES.householdJoin.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AppLayout narrow>
      <section className="card join-household" aria-labelledby="join-heading">
        {INVITATION_TOKEN.test(token) ? (
          <Invitation token={token} />
        ) : (
          <Problem message={invitationProblem('unknown')} />
        )}
      </section>
    </AppLayout>
  );
}

function Invitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (preview.isPending) return <LoadingPanel label="Loading the invitation" className="join-loading" />;
  if (preview.isError) {
    const known = preview.error instanceof ApiRequestError && preview.error.status < 500;
    if (known) return <Problem message={errorMessage(preview.error)} />;
    return (
      <ErrorPanel message="The invitation could not be loaded." onRetry={() => void preview.refetch()} />
    );
  }
  return <Offer token={token} preview={preview.data} />;
}

function Offer({ token, preview }: { token: string; preview: InvitationPreview }) {
  const join = useJoinHousehold();
  const navigate = useNavigate();
  if (preview.status !== 'pending') return <Problem message={invitationProblem(preview.status)} />;
  const name = preview.inviter_first_name ?? 'Their';
  const onJoin = async () => {
    try {
      const joined = await join.mutateAsync(token);
      toast.success(`You've joined ${joined.inviter_first_name}'s household`);
      // Settings' household card then asks 'Share these with your household?'.
      await navigate(`${ROUTES.settings.path}?share=1`);
    } catch (error) {
      toast.error('Could not join', { description: errorMessage(error) });
    }
  };
  return (
    <>
      <h1 id="join-heading" className="join-title">{`Join ${name}'s household?`}</h1>
      <p className="muted">
        You will see the renewals the household shares, and its members will see your first name and a masked
        address. You can leave at any time.
      </p>
      {preview.in_household && (
        <p className="join-note" role="note">
          {HOUSEHOLD_MESSAGES.alreadyInHousehold}
        </p>
      )}
      <div className="join-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={join.isPending || preview.in_household}
          onClick={() => void onJoin()}
        >
          {join.isPending ? 'Joining…' : 'Join household'}
        </button>
        <Link className="btn btn-outline" to={ROUTES.dashboard.path}>
          No thanks
        </Link>
      </div>
    </>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <>
      <h1 id="join-heading" className="join-title">
        Join a household
      </h1>
      <p role="alert">{message}</p>
      <Link className="btn btn-outline" to={ROUTES.dashboard.path}>
        Go to your dashboard
      </Link>
    </>
  );
}
