import { useEffect } from 'react';
import { PRODUCT_NAME, TAGLINE } from '#shared/brand.ts';

export const DEFAULT_DESCRIPTION = `${TAGLINE}. Track UK renewal dates for your mortgage, insurance, energy, broadband and subscriptions, and get an e-mail reminder before each one.`;

function setDescription(content: string): void {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Every page sets its <title> and meta description when it mounts (spec: one per page). */
export function useDocumentTitle(title?: string, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : `${PRODUCT_NAME}: ${TAGLINE}`;
    setDescription(description);
  }, [title, description]);
}
