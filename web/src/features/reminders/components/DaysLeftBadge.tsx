import { daysLeft, daysLeftBadge } from '#shared/dates.ts';
import { Badge } from '../../../components/Badge.tsx';

export function DaysLeftBadge({ renewalDate }: { renewalDate: string }) {
  const { text, variant } = daysLeftBadge(daysLeft(renewalDate));
  return <Badge variant={variant}>{text}</Badge>;
}
