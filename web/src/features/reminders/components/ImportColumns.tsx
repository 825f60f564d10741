import { useId } from 'react';
import { MAPPED_FIELDS, mappingQuestion, type ColumnMapping, type Mapping } from '#shared/import.ts';

/**
 * A spreadsheet with headings of its own: one question per field ('Which column is the renewal
 * date?'), each a select of the file's headings, starting from the import's guess.
 */
export function ImportColumns({
  mapping,
  onChange,
}: {
  mapping: Mapping;
  onChange: (columns: ColumnMapping) => void;
}) {
  const id = useId();
  return (
    <fieldset className="import-columns">
      <legend>Your columns</legend>
      {MAPPED_FIELDS.map(({ field, label }) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{mappingQuestion(label)}</label>
          <select
            id={`${id}-${field}`}
            value={mapping.columns[field] ?? ''}
            onChange={(event) => {
              const heading = mapping.headings.find((h) => h === event.target.value);
              onChange({ ...mapping.columns, [field]: heading });
            }}
          >
            <option value="">Not in the file</option>
            {mapping.headings.map((heading) => (
              <option key={heading} value={heading}>
                {heading}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}
