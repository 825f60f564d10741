/**
 * The React Email templates, by name: their source for `npm run mail:plans` (scripts/mail-plans.ts),
 * which compiles each into lambdas/mail/plans/<name>.ts, and their direct render, which the tests
 * compare the filled mails with and which fill.ts falls back to outside the Lambdas. No Lambda bundle
 * contains this module or React Email.
 */
import type { ReactElement } from 'react';
import { renderBodies, type Bodies, type ItemView, type MailView } from '../compile.ts';
import { confirmSignUpView } from '../confirmSignUp.ts';
import { digestView } from '../digest.ts';
import { reminderView } from '../reminder.ts';
import { resetPasswordView } from '../resetPassword.ts';
import { savingsView } from '../savingsFollowUp.ts';
import { welcomeView } from '../welcome.ts';
import { windowView } from '../window.ts';
import { actionWindows } from '../../../shared/reminder/windows.ts';
import { ConfirmSignUpEmail } from './confirmSignUp.tsx';
import { DIGEST_ITEM_SHAPES, DigestEmail } from './digest.tsx';
import { ReminderEmail } from './reminder.tsx';
import { ResetPasswordEmail } from './resetPassword.tsx';
import { SavingsFollowUpEmail } from './savingsFollowUp.tsx';
import { WelcomeEmail } from './welcome.tsx';
import { WindowEmail } from './window.tsx';
import { changeView, invitationView } from '../household.ts';
import { HouseholdChangeEmail, InvitationEmail } from './household.tsx';

export interface TemplateSource {
  build: (view: MailView) => ReactElement;
  /** One view per frame shape (its strings are ignored). */
  views: readonly MailView[];
  /** One item per item shape, for a template made of items. */
  itemShapes?: readonly ItemView[];
}

/**
 * Every frame shape of a template, from one view of it: each combination of the fields that can be
 * null, for each variant.
 */
function frameShapes<V extends MailView>(
  base: V,
  {
    nullable = [],
    variants,
  }: { nullable?: readonly (keyof V['fields'] & string)[]; variants?: readonly string[] } = {},
): V[] {
  const views: V[] = [];
  for (const variant of variants ?? [base.variant]) {
    for (let mask = 0; mask < 1 << nullable.length; mask++) {
      const fields: Record<string, string | null> = { ...base.fields };
      nullable.forEach((field, i) => (fields[field] = mask & (1 << i) ? null : ''));
      views.push({ ...base, variant, fields });
    }
  }
  return views;
}

const source = <V extends MailView>(
  build: (view: V) => ReactElement,
  views: readonly V[],
  itemShapes?: readonly ItemView[],
): TemplateSource => ({ build: build as (view: MailView) => ReactElement, views, itemShapes });

const site = 'https://example.test';
const renewal = {
  id: 'r',
  title: 'Home insurance',
  provider: 'Aviva',
  category: 'insurance',
  renewal_date: '2030-01-15',
  amount: 1,
} as const;

export const TEMPLATES: Record<string, TemplateSource> = {
  reminder: source(
    ReminderEmail,
    frameShapes(
      reminderView({
        firstName: 'Ann',
        reminder: renewal,
        daysLeft: 7,
        dashboardUrl: site,
        calendarUrl: site,
        unsubscribeUrl: site,
      }),
      { nullable: ['facts', 'quote'] },
    ),
  ),
  window: source(
    WindowEmail,
    frameShapes(
      windowView({
        firstName: 'Ann',
        reminder: renewal,
        window: actionWindows(renewal)[0]!,
        late: true,
        url: site,
        unsubscribeUrl: site,
      }),
      { nullable: ['advice', 'quote', 'compare'] },
    ),
  ),
  savingsFollowUp: source(
    SavingsFollowUpEmail,
    frameShapes(
      savingsView({ firstName: 'Ann', reminder: renewal, savingsUrl: site, unsubscribeUrl: site }),
      {
        nullable: ['people'],
      },
    ),
  ),
  digest: source(
    DigestEmail,
    frameShapes(
      digestView({
        firstName: 'Ann',
        items: [
          { kind: 'savings', reminder: renewal, url: site },
          { kind: 'savings', reminder: renewal, url: site },
        ],
        unsubscribeUrl: site,
      }),
    ),
    DIGEST_ITEM_SHAPES,
  ),
  welcome: source(
    WelcomeEmail,
    frameShapes(
      welcomeView({ firstName: 'Ann', lifetimeFree: true, dashboardUrl: site, unsubscribeUrl: site }),
      {
        variants: ['lifetime-free', 'standard'],
      },
    ),
  ),
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
  confirmSignUp: source(
    ConfirmSignUpEmail,
    frameShapes(confirmSignUpView({ firstName: 'Ann', confirmUrl: site })),
  ),
  resetPassword: source(
    ResetPasswordEmail,
    frameShapes(resetPasswordView({ firstName: 'Ann', code: '{####}', signInUrl: site })),
  ),
};

/** A template's view rendered by React Email (fill.ts's fallback). */
export function renderDirect(template: string, view: MailView): Promise<Bodies> {
  const found = Object.hasOwn(TEMPLATES, template) ? TEMPLATES[template] : undefined;
  if (!found) throw new Error(`No mail template ${template}`);
  return renderBodies(found.build(view));
}
