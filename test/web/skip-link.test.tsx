/**
 * 'Skip to main content' is the first thing Tab reaches on the signed-in pages (the app shell, and
 * its skeleton while the session loads) and on the public pages, and it leads to their <main>.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { AppLayout } from '../../web/src/components/AppLayout.tsx';
import { AppSkeleton } from '../../web/src/components/Skeleton.tsx';
import { PublicLayout } from '../../web/src/features/public/components/PublicLayout.tsx';
import { aProfile } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

async function firstTabStop(ui: ReactElement): Promise<Element | null> {
  renderWithClient(<MemoryRouter>{ui}</MemoryRouter>, [
    [meQueryKey, { profile: aProfile(), isAdmin: false }],
  ]);
  await userEvent.setup().tab();
  return document.activeElement;
}

describe("'Skip to main content'", () => {
  const pages: [string, ReactElement][] = [
    ['the app shell', <AppLayout key="app">Signed-in page</AppLayout>],
    ['the app skeleton', <AppSkeleton key="skeleton" />],
    ['a public page', <PublicLayout key="public">Public page</PublicLayout>],
  ];
  it.each(pages)('is the first focusable element of %s, and leads to its main', async (_, ui) => {
    const first = await firstTabStop(ui);
    expect(first).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(first).toHaveAttribute('href', '#main');
    expect(document.querySelector('main#main')).not.toBeNull();
  });
});
