import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { PublicLayout } from './PublicLayout.tsx';
import './ProsePage.css';

/** A page of text (policies, docs): its title as the h1, an optional lead paragraph, the text. */
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
