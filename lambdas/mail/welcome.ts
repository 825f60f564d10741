/**
 * The welcome mail after confirmation, filled into the template compiled at build time
 * (templates/welcome.tsx is the React Email source, plans/welcome.ts its plans).
 */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/welcome.ts';

export interface WelcomeProps {
  firstName: string;
  lifetimeFree: boolean;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export const welcomeSubject = `Welcome to ${PRODUCT_NAME}`;

export type WelcomeView = {
  /** The first 1,000 members get a line saying it is free for them, for life. */
  variant: 'lifetime-free' | 'standard';
  fields: { firstName: string; dashboardUrl: string; unsubscribeUrl: string };
};

export function welcomeView(props: WelcomeProps): WelcomeView {
  return {
    variant: props.lifetimeFree ? 'lifetime-free' : 'standard',
    fields: {
      firstName: greetingName(props.firstName),
      dashboardUrl: props.dashboardUrl,
      unsubscribeUrl: props.unsubscribeUrl,
    },
  };
}

const template = prebuiltTemplate<WelcomeView>(plans);

export async function renderWelcome(props: WelcomeProps) {
  return { subject: welcomeSubject, ...(await template.render(welcomeView(props))) };
}
