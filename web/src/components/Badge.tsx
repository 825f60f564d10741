import type { ReactNode } from 'react';
import './Badge.css';

export type BadgeVariant = 'destructive' | 'default' | 'secondary' | 'outline' | 'success' | 'warning';

export function Badge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-${variant}`}>{children}</span>;
}
