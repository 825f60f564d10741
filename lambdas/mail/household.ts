/**
 * The household's mails (decision 0044), filled into templates compiled at build time
 * (templates/household*.tsx are the React Email sources): the invitation to someone who is not a
 * user yet, and the note to members when someone joins or leaves. The invitation carries no free
 * text but the inviter's first name (a checked name, no links): the 'Their name' field never
 * reaches the invitee.
 */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { INVITATION_DAYS } from '../../shared/messages.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import changePlans from './plans/householdChange.ts';
import invitationPlans from './plans/householdInvitation.ts';

export interface InvitationProps {
  inviterFirstName: string;
  joinUrl: string;
  /** The invitee's own link: no more invitations to this address. */
  unsubscribeUrl: string;
}

export const invitationSubject = (inviterFirstName: string) =>
  `${greetingName(inviterFirstName)} invited you to share renewals on ${PRODUCT_NAME}`;

export type InvitationView = {
  preview: string;
  fields: { inviterFirstName: string; joinUrl: string; days: string; unsubscribeUrl: string };
};

export const invitationView = ({
  inviterFirstName,
  joinUrl,
  unsubscribeUrl,
}: InvitationProps): InvitationView => ({
  preview: `${greetingName(inviterFirstName)} would like to share renewal dates with you`,
  fields: {
    inviterFirstName: greetingName(inviterFirstName),
    joinUrl,
    days: String(INVITATION_DAYS),
    unsubscribeUrl,
  },
});

const invitationTemplate = prebuiltTemplate<InvitationView>(invitationPlans);

export async function renderInvitation(props: InvitationProps) {
  return {
    subject: invitationSubject(props.inviterFirstName),
    ...(await invitationTemplate.render(invitationView(props))),
  };
}

export type HouseholdChange = 'joined' | 'left' | 'removed';

export interface ChangeProps {
  firstName: string;
  /** Who joined or left: their first name. */
  whoFirstName: string;
  change: HouseholdChange;
  settingsUrl: string;
  unsubscribeUrl: string;
}

const CHANGE_WORDS: Record<HouseholdChange, string> = {
  joined: 'joined your household',
  left: 'left your household',
  removed: 'was removed from your household',
};

export const changeSubject = (who: string, change: HouseholdChange) =>
  `${greetingName(who)} ${CHANGE_WORDS[change]}`;

export type ChangeView = {
  variant: HouseholdChange;
  preview: string;
  fields: { firstName: string; whoFirstName: string; settingsUrl: string; unsubscribeUrl: string };
};

export const changeView = (props: ChangeProps): ChangeView => ({
  variant: props.change,
  preview: changeSubject(props.whoFirstName, props.change),
  fields: {
    firstName: greetingName(props.firstName),
    whoFirstName: greetingName(props.whoFirstName),
    settingsUrl: props.settingsUrl,
    unsubscribeUrl: props.unsubscribeUrl,
  },
});

const changeTemplate = prebuiltTemplate<ChangeView>(changePlans);

export async function renderChange(props: ChangeProps) {
  return {
    subject: changeSubject(props.whoFirstName, props.change),
    ...(await changeTemplate.render(changeView(props))),
  };
}
