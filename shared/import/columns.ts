/**
 * The fields a spreadsheet's own columns can fill, and the choice of a column for each: what the
 * mapping (./mapping.ts) asks about and what a row is read through (./row.ts).
 */

/** The fields a column can fill, in the order the preview asks for them; the first two are required. */
export const MAPPED_FIELDS = [
  { field: 'title', label: 'title' },
  { field: 'renewal_date', label: 'renewal date' },
  { field: 'provider', label: 'provider' },
  { field: 'category', label: 'category' },
  { field: 'amount', label: 'amount' },
  { field: 'billing', label: 'how often you pay' },
  { field: 'act_by', label: 'act-by date' },
  { field: 'notes', label: 'notes' },
] as const;

export type MappedField = (typeof MAPPED_FIELDS)[number]['field'];

/** Which heading each field is read from; a field left out is not in the file. */
export type ColumnMapping = Partial<Record<MappedField, string>>;
