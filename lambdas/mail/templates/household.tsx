import { Button, Heading, Text } from '@react-email/components';
import { PRODUCT_NAME } from '../../../shared/brand.ts';
import {
  changeSubject,
  changeView,
  invitationSubject,
  invitationView,
  type ChangeProps,
  type ChangeView,
  type InvitationProps,
  type InvitationView,
} from '../household.ts';
import { Greeting, Layout, renderMail, styles } from './layout.tsx';
import { frameShapes, site, source } from './shapes.ts';

export function InvitationEmail({
  preview,
  fields: { inviterFirstName, joinUrl, days, unsubscribeUrl },
}: InvitationView) {
  return (
    <Layout
      preview={preview}
      footer={`You get this because ${inviterFirstName} typed your address in ${PRODUCT_NAME}. If you don't know them, ignore this e-mail: nothing happens unless you press the button, and we will not write again unless someone invites you.`}
      unsubscribeUrl={unsubscribeUrl}
      unsubscribeLabel="Don't send me invitations"
    >
      <Heading style={styles.heading}>{`${inviterFirstName} invited you to their household`}</Heading>
      <Text style={styles.text}>
        {`${inviterFirstName} uses ${PRODUCT_NAME} to keep track of when the mortgage deal, insurance, energy and broadband renew, and would like you to see those dates too. The link works for ${days} days.`}
      </Text>
      <Button href={joinUrl} style={styles.button}>
        Accept invitation
      </Button>
    </Layout>
  );
}

export async function renderInvitationDirect(props: InvitationProps) {
  return renderMail(
    invitationSubject(props.inviterFirstName),
    <InvitationEmail {...invitationView(props)} />,
  );
}

const CHANGE_TEXT: Record<ChangeView['variant'], (who: string) => string> = {
  joined: (who) => `${who} accepted an invitation and is now a member of your household.`,
  left: (who) => `${who} left your household.`,
  removed: (who) => `${who} was removed from your household by its owner.`,
};

export function HouseholdChangeEmail({ variant, preview, fields }: ChangeView) {
  return (
    <Layout
      preview={preview}
      footer="You get this because you are in a household on Renewal Reminders."
      unsubscribeUrl={fields.unsubscribeUrl}
    >
      <Greeting firstName={fields.firstName} />
      <Text style={styles.text}>{CHANGE_TEXT[variant](fields.whoFirstName)}</Text>
      <Text style={styles.text}>Settings shows who is in your household. Anyone can leave at any time.</Text>
      <Button href={fields.settingsUrl} style={styles.button}>
        See your household
      </Button>
    </Layout>
  );
}

export async function renderChangeDirect(props: ChangeProps) {
  return renderMail(
    changeSubject(props.whoFirstName, props.change),
    <HouseholdChangeEmail {...changeView(props)} />,
  );
}

/** Its plans' frame shapes, for `npm run mail:plans` (./shapes.ts). */
export const templates = {
  householdInvitation: source(
    InvitationEmail,
    frameShapes(invitationView({ inviterFirstName: 'Ann', joinUrl: site, unsubscribeUrl: site })),
  ),
  householdChange: source(
    HouseholdChangeEmail,
    frameShapes(
      changeView({
        firstName: 'Ann',
        whoFirstName: 'Bo',
        change: 'joined',
        settingsUrl: site,
        unsubscribeUrl: site,
      }),
      { variants: ['joined', 'left', 'removed'] },
    ),
  ),
};
