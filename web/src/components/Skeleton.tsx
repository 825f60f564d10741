import { Brand } from './Brand.tsx';
import { SkipLink } from './SkipLink.tsx';
import './Skeleton.css';

/**
 * Grey blocks where content is about to appear, each of a fixed height, so nothing jumps when the
 * content arrives. Announced once as busy, with `label` for screen readers.
 */
export function SkeletonBlocks({ label, blocks }: { label: string; blocks: readonly ('card' | 'row')[] }) {
  return (
    <div className="skeleton-stack" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {blocks.map((kind, i) => (
        <div key={i} className={`skeleton skeleton-${kind}`} aria-hidden="true" />
      ))}
    </div>
  );
}

/** The dashboard as it loads: the summary card, then rows where the reminders will be. */
export const DASHBOARD_BLOCKS = ['card', 'row', 'row', 'row', 'row'] as const;

/** A signed-in page before the session or its code is ready: the header bar and the dashboard's blocks. */
export function AppSkeleton({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="app-shell">
      <SkipLink />
      <header className="top-bar">
        <div className="container top-bar-inner">
          <Brand to="/dashboard" />
        </div>
      </header>
      <main className="container page" id="main">
        <SkeletonBlocks label={label} blocks={DASHBOARD_BLOCKS} />
      </main>
    </div>
  );
}
