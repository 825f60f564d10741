import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Household, HouseholdMember, PendingInvitation } from '#shared/household.ts';
import { ROLE_LABELS } from '#shared/household.ts';
import {
  HOUSEHOLD_RECORD_HEADING,
  householdActivityText,
  householdNoteText,
  householdRecordIntro,
  type HouseholdNote,
  type HouseholdRecord,
} from '#shared/householdNotes.ts';
import { formatUkDate } from '#shared/dates.ts';
import { HOUSEHOLD_MEMBER_LIMIT, HOUSEHOLD_MESSAGES } from '#shared/messages.ts';
import { Badge } from '../../../components/Badge.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { errorMessage } from '../../../utils/errorMessage.ts';
import {
  useCancelInvitation,
  useDismissNote,
  useHousehold,
  useLeaveHousehold,
  useRemoveMember,
} from '../api/household.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { shareable, ShareRemindersDialog } from './ShareRemindersDialog.tsx';
import { useReminders } from '../../../api/get-reminders.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import './HouseholdCard.css';

/** What a confirmation is about: leaving, removing a member, or cancelling an invitation. */
type Pending =
  | { kind: 'leave' }
  | { kind: 'remove'; member: HouseholdMember }
  | { kind: 'cancel'; invitation: PendingInvitation };

/** Settings → 'Household': who is in it, who is invited, and the actions each may take. */
export function HouseholdCard() {
  const household = useHousehold();
  return (
    <SettingsCard headingId="household-heading" title="Household">
      <p className="muted">Share renewals with the people you live with.</p>
      {household.isPending ? (
        <LoadingPanel label="Loading your household" className="household-loading" />
      ) : household.isError ? (
        <ErrorPanel message="Your household could not be loaded." onRetry={() => void household.refetch()} />
      ) : (
        <>
          <HouseholdNotes notes={household.data.notes ?? []} />
          {household.data.record && <HouseholdRecordList record={household.data.record} />}
          <HouseholdBody household={household.data.household} />
        </>
      )}
    </SettingsCard>
  );
}

/**
 * After a password reset: the household joins and invitations made with the account since it was
 * created, so that one made by whoever used it before the reset is seen ('Leave household' is below).
 */
function HouseholdRecordList({ record }: { record: HouseholdRecord }) {
  return (
    <div className="household-record">
      <h3 className="household-subheading">{HOUSEHOLD_RECORD_HEADING}</h3>
      <p className="muted">{householdRecordIntro(record.reset_at)}</p>
      {record.activity.length === 0 ? (
        <p className="muted">No household was joined, started or invited to with your account.</p>
      ) : (
        <ul className="household-list" aria-label={HOUSEHOLD_RECORD_HEADING}>
          {record.activity.map((entry) => (
            <li key={entry.id} className="household-row">
              {householdActivityText(entry)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What others did that took something from the caller (a reminder taken back), each dismissable. */
function HouseholdNotes({ notes }: { notes: readonly HouseholdNote[] }) {
  const dismiss = useDismissNote();
  if (notes.length === 0) return null;
  const onDismiss = async (id: string) => {
    try {
      await dismiss.mutateAsync(id);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };
  return (
    <ul className="household-list household-notes" aria-label="Household news">
      {notes.map((note) => (
        <li key={note.id} className="household-row">
          <span>{householdNoteText(note)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={dismiss.isPending}
            onClick={() => void onDismiss(note.id)}
          >
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The household's members; its owner may remove anyone but themself. */
function MemberList({
  household,
  onRemove,
}: {
  household: Household;
  onRemove: (member: Household['members'][number]) => void;
}) {
  return (
    <ul className="household-list" aria-label="Members">
      {household.members.map((member) => (
        <li key={member.membership_id} className="household-row">
          <span>
            <strong>{member.first_name}</strong>
            {member.is_you && <span className="muted"> (you)</span>}{' '}
            <span className="muted">{member.masked_email}</span>
          </span>
          <span className="household-row-end">
            <Badge variant={member.role === 'owner' ? 'default' : 'outline'}>
              {ROLE_LABELS[member.role]}
            </Badge>
            {household.is_owner && !member.is_you && (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove ${member.first_name}`}
                onClick={() => onRemove(member)}
              >
                Remove
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The invitations not answered yet, each until its day, each to be cancelled. */
function InvitationList({
  invitations,
  onCancel,
}: {
  invitations: Household['invitations'];
  onCancel: (invitation: Household['invitations'][number]) => void;
}) {
  if (invitations.length === 0) return null;
  return (
    <>
      <h3 className="household-subheading">Pending invitations</h3>
      <ul className="household-list" aria-label="Pending invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="household-row">
            <span>
              {invitation.name && <strong>{invitation.name} </strong>}
              <span className="muted">{invitation.email ?? invitation.masked_email}</span>
              <span className="muted household-expires">
                {' '}
                until {formatUkDate(invitation.expires_at.slice(0, 10))}
              </span>
            </span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onCancel(invitation)}>
              Cancel invitation
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function HouseholdBody({ household }: { household: Household | null }) {
  const [confirming, setConfirming] = useState<Pending | null>(null);
  // 'Share these with your household?': offered on arriving from joining (?share=1), once the first
  // invitation makes a household, and from its own button.
  const [searchParams, setSearchParams] = useSearchParams();
  const [sharing, setSharing] = useState(() => household !== null && searchParams.get('share') === '1');
  // Offered only with something to share.
  const canShare = shareable(useReminders().data ?? []).length > 0;
  const onSharingChange = (open: boolean) => {
    setSharing(open);
    if (!open && searchParams.has('share')) setSearchParams({}, { replace: true });
  };
  const leave = useLeaveHousehold();
  const remove = useRemoveMember();
  const cancel = useCancelInvitation();
  const busy = leave.isPending || remove.isPending || cancel.isPending;
  const full = (household?.members.length ?? 1) >= HOUSEHOLD_MEMBER_LIMIT;

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
    setConfirming(null);
  };
  const onConfirm = () => {
    if (!confirming) return;
    if (confirming.kind === 'leave') void act(() => leave.mutateAsync(), 'You left the household');
    if (confirming.kind === 'remove')
      void act(() => remove.mutateAsync(confirming.member.membership_id), 'Member removed');
    if (confirming.kind === 'cancel')
      void act(() => cancel.mutateAsync(confirming.invitation.id), 'Invitation cancelled');
  };

  return (
    <div className="household">
      {household ? (
        <>
          <MemberList
            household={household}
            onRemove={(member) => setConfirming({ kind: 'remove', member })}
          />
          <InvitationList
            invitations={household.invitations}
            onCancel={(invitation) => setConfirming({ kind: 'cancel', invitation })}
          />
        </>
      ) : (
        <p className="household-empty">You are not in a household yet. Invite someone to start one.</p>
      )}
      <p className="muted household-limits">
        {full
          ? HOUSEHOLD_MESSAGES.full
          : `Up to ${HOUSEHOLD_MEMBER_LIMIT} people, and one household each. Anyone can leave at any time.`}
      </p>
      <div className="household-actions">
        <InviteDialog disabled={full} onSent={household === null ? () => setSharing(true) : undefined} />
        {household && canShare && (
          <button type="button" className="btn btn-outline" onClick={() => setSharing(true)}>
            Share reminders
          </button>
        )}
        {household && (
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming({ kind: 'leave' })}>
            Leave household
          </button>
        )}
      </div>
      <ShareRemindersDialog open={sharing && canShare} onOpenChange={onSharingChange} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        busy={busy}
        onConfirm={onConfirm}
        {...confirmText(confirming)}
      />
    </div>
  );
}

function confirmText(pending: Pending | null) {
  if (pending?.kind === 'remove')
    return {
      title: `Remove ${pending.member.first_name}?`,
      description: 'They stop seeing the household at once, and keep nothing of it.',
      confirmLabel: 'Remove',
    };
  if (pending?.kind === 'cancel')
    return {
      title: 'Cancel invitation?',
      description: `The link sent to ${pending.invitation.email ?? pending.invitation.masked_email} stops working.`,
      confirmLabel: 'Cancel invitation',
    };
  return {
    title: 'Leave household?',
    description: 'You stop seeing the household at once. To come back, someone has to invite you again.',
    confirmLabel: 'Leave household',
  };
}
