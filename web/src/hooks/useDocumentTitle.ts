import { createContext, useContext, useEffect } from 'react';
import { DESCRIPTION, HOME_TITLE, PRODUCT_NAME } from '#shared/brand.ts';

/** A page's head: what the build writes into its prerendered HTML (web/build/prerender.ts). */
export interface PageHead {
  title: string;
  description: string;
}

/** Set only while the build prerenders a page: the page's head is handed to it during render. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

function setDescription(content: string): void {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Every page sets its own <title> and meta description: in the prerendered HTML through the build's
 * collector, and in the browser when it mounts (a page reached inside the app).
 */
export function useDocumentTitle(title?: string, description: string = DESCRIPTION): void {
  const fullTitle = title ? `${title} | ${PRODUCT_NAME}` : HOME_TITLE;
  useContext(PageHeadContext)?.({ title: fullTitle, description });
  useEffect(() => {
    document.title = fullTitle;
    setDescription(description);
  }, [fullTitle, description]);
}
