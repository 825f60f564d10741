import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <article className="container section prose">
        <h1>{title}</h1>
        {children}
      </article>
    </PublicLayout>
  );
}

export function PrivacyPage() {
  return (
    <SimplePage title="Privacy Policy">
      <p>
        We store only what we need to remind you: your name, country, e-mail address and the renewal dates and
        product names you add. We never connect to your bank accounts and we never share or sell your data.
      </p>
    </SimplePage>
  );
}

export function TermsPage() {
  return (
    <SimplePage title="Terms of Service">
      <p>
        Reminders are a convenience: always check the renewal terms with your provider. You can delete your
        account and all of its data at any time from Settings.
      </p>
    </SimplePage>
  );
}

export function DocsPage() {
  return (
    <SimplePage title="Documentation">
      <p>Release checklist, testing guide and developer notes for the team.</p>
      <h2>Release checklist</h2>
      <p className="muted">The six release steps will be documented here.</p>
      <h2>Testing guide</h2>
      <p className="muted">How to run the unit, integration and browser tests.</p>
      <h2>Developer notes</h2>
      <p className="muted">Architecture and local development notes.</p>
    </SimplePage>
  );
}
