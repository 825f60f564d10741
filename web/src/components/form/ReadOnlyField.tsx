import { useId } from 'react';

/** A value given to copy (an address, a link): labelled, read-only, selected whole when it takes focus. */
export function ReadOnlyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
    </div>
  );
}
