import type { ReactElement, ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { BRAND_COLOR, PRODUCT_NAME, TAGLINE } from '../../../shared/brand.ts';
import { renderBodies } from '../compile.ts';
import { greetingName } from '../greeting.ts';

const colors = { brand: BRAND_COLOR, text: '#1f2933', muted: '#52606d', bg: '#f4f7f8' };

export const styles = {
  body: {
    backgroundColor: colors.bg,
    fontFamily: 'Helvetica, Arial, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: {
    backgroundColor: '#ffffff',
    borderRadius: '8px',
    maxWidth: '560px',
    margin: '0 auto',
    padding: '32px',
  },
  brand: { color: colors.brand, fontSize: '20px', fontWeight: 700, margin: '0 0 24px' },
  heading: { color: colors.text, fontSize: '22px', fontWeight: 700, margin: '0 0 16px' },
  text: { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  /**
   * A link shown as text: one long run (the address in its fragment has no place to break) that
   * would push a phone's mail wider than the screen. Broken anywhere instead: overflow-wrap for
   * browsers, word-break for the mail clients that lack it.
   */
  rawLink: { overflowWrap: 'anywhere', wordBreak: 'break-all' } as const,
  button: {
    backgroundColor: colors.brand,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
};

/** The frame every product e-mail shares: brand line, content, footer with why they got it. */
export function Layout({
  preview,
  children,
  footer,
  unsubscribeUrl,
  unsubscribeLabel = 'Unsubscribe from reminder e-mails',
}: {
  preview: string;
  children: ReactNode;
  footer: string;
  /** Product mails carry an unsubscribe link; the sign-up confirmation does not. */
  unsubscribeUrl?: string;
  /** The link's words, when it stops something other than reminder e-mails. */
  unsubscribeLabel?: string;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{PRODUCT_NAME}</Text>
          <Section>{children}</Section>
          <Hr />
          <Text style={styles.muted}>{footer}</Text>
          {unsubscribeUrl ? (
            <Text style={styles.muted}>
              <Link href={unsubscribeUrl}>{unsubscribeLabel}</Link>
            </Text>
          ) : null}
          <Text style={styles.muted}>
            {PRODUCT_NAME}: {TAGLINE}.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The first line of every mail. */
export function Greeting({ firstName }: { firstName: string }) {
  return <Text style={styles.text}>{`Hi ${greetingName(firstName)},`}</Text>;
}

/** A product mail's subject with its HTML and plain-text bodies, both rendered from one element. */
export async function renderMail(subject: string, element: ReactElement) {
  return { subject, ...(await renderBodies(element)) };
}
