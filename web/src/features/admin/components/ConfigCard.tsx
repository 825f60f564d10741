import type { ReactNode } from 'react';
import type { AdminConfig } from '#shared/admin.ts';
import { QueryView } from '../../../components/Panels.tsx';
import { useAdminConfig } from '../api/get-admin-config.ts';
import { AdminCard, ConfigList } from './blocks.tsx';

type Item = { label: string; value: ReactNode };

/** The deployed configuration, read-only: the fields each screen picks, plus its own `extra` rows. */
export function ConfigCard({
  id,
  title,
  note,
  fields,
  extra = [],
}: {
  id: string;
  title: string;
  note?: string;
  fields: (config: AdminConfig) => Item[];
  extra?: Item[];
}) {
  const config = useAdminConfig();
  return (
    <AdminCard id={id} title={title} note={note}>
      <QueryView
        query={config}
        loading="Loading configuration"
        error="The configuration could not be loaded."
      >
        {(data) => <ConfigList items={[...fields(data), ...extra]} />}
      </QueryView>
    </AdminCard>
  );
}

/** The e-mail settings both the self check and the e-mail test show first. */
export const emailConfig = (c: AdminConfig): Item[] => [
  { label: 'Email provider', value: c.email_provider },
  { label: 'Sender (from address)', value: c.email_from },
  { label: 'Region', value: c.region },
];
