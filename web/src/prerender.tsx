/**
 * The build's server entry (web/build/prerender.ts loads it in Node): renders one page of the app to
 * HTML with React's static prerender, which waits for every lazy page, and hands back the head that
 * the page itself set (useDocumentTitle).
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { HOME_TITLE, DESCRIPTION } from '#shared/brand.ts';
import { AppIn } from './app/App.tsx';
import { AdminMenu, FooterAdminStrip } from './features/public/components/PublicLayout.tsx';
import { PageHeadContext, type PageHead } from './hooks/useDocumentTitle.ts';

export async function renderPage(path: string): Promise<{ html: string; head: PageHead }> {
  let head: PageHead = { title: HOME_TITLE, description: DESCRIPTION };
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  // A page that throws would ship its error page (or an empty boundary): the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <PageHeadContext value={(pageHead) => (head = pageHead)}>
      <AppIn router={router} />
    </PageHeadContext>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
  return { html, head };
}

/** HTML of `element` inside a router (its links need one), for the landing page's templates. */
async function renderPart(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(<StaticRouter location="/">{element}</StaticRouter>);
  return new Response(prelude).text();
}

/** The admin's extras, which the static landing page's script adds for an admin (features/public/islands). */
export async function renderAdminParts(): Promise<{ menu: string; strip: string }> {
  return { menu: await renderPart(<AdminMenu />), strip: await renderPart(<FooterAdminStrip />) };
}
