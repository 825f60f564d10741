import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';

export function ProsePage({
  title,
  description,
  lead,
  children,
}: {
  title: string;
  description: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title, description);
  return (
    <PublicLayout>
      <article className="container section prose">
        <h1>{title}</h1>
        {lead && <p className="prose-lead">{lead}</p>}
        {children}
      </article>
    </PublicLayout>
  );
}

export const CONTACT_EMAIL = 'privacy@renewal-reminders.example';
