import { useEffect } from 'react';
import { DESCRIPTION, HOME_TITLE, PRODUCT_NAME } from '#shared/brand.ts';

function setDescription(content: string): void {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Every page sets its own <title> and meta description when it mounts. */
export function useDocumentTitle(title?: string, description: string = DESCRIPTION): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : HOME_TITLE;
    setDescription(description);
  }, [title, description]);
}
