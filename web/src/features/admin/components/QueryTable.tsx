import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { QueryView } from '../../../components/Panels.tsx';

/** An admin list in a table, with its loading, error and empty states; `what` names the rows in them. */
export function QueryTable<T extends { id: string }>({
  query,
  what,
  empty,
  caption,
  columns,
}: {
  query: UseQueryResult<T[]>;
  what: { loading: string; error: string };
  empty: string;
  caption: string;
  columns: readonly Column<T>[];
}) {
  return (
    <QueryView query={query} loading={what.loading} error={what.error} empty={empty}>
      {(rows) => (
        <DataTable
          caption={caption}
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns}
          className="admin-table"
        />
      )}
    </QueryView>
  );
}
