import { useMemo, useRef, useState } from 'react';
import { todayIn } from '#shared/dates.ts';
import { IMPORT_MAX_BYTES, readImportFile, type ColumnMapping, type ImportFile } from '#shared/import.ts';
import type { Repeats } from '#shared/reminder/terms.ts';
import { validRates } from '../components/ImportRates.tsx';

/** Shown when the browser cannot read the chosen file at all (moved, deleted, no permission). */
const UNREADABLE = 'The file could not be read. Choose it again';

/** The file as chosen: its bytes are read again when a choice the preview asks for changes. */
type Chosen = { name: string; bytes: Uint8Array } | { error: string };

/**
 * The import's chosen file, read in the browser, and the choices its preview asks for: the term for
 * rows whose file names none (Wallos before 2.41), a spreadsheet's columns, and rates for other
 * currencies (off until the user turns them on and types one). Choosing another file starts afresh.
 */
export function useImportFile() {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [billing, setBilling] = useState<Repeats | ''>('');
  // null: the import's own guess of the columns.
  const [columns, setColumns] = useState<ColumnMapping | null>(null);
  const [convert, setConvert] = useState(false);
  const [rates, setRates] = useState<Record<string, string>>({});
  // The latest choice: a slower read of an earlier file must not overwrite it.
  const choice = useRef(0);

  const choose = async (picked: File | undefined) => {
    const current = ++choice.current;
    setChosen(null);
    setBilling('');
    setColumns(null);
    setConvert(false);
    setRates({});
    if (!picked) {
      setReading(false);
      return;
    }
    setReading(true);
    let next: Chosen;
    try {
      // Never more than the limit and a byte: that is enough to refuse a file that is too large.
      next = {
        name: picked.name,
        bytes: new Uint8Array(await picked.slice(0, IMPORT_MAX_BYTES + 1).arrayBuffer()),
      };
    } catch {
      next = { error: UNREADABLE };
    }
    if (current !== choice.current) return;
    setReading(false);
    setChosen(next);
  };

  const file = useMemo<ImportFile | null>(() => {
    if (!chosen) return null;
    if ('error' in chosen) return { ok: false, error: chosen.error };
    return readImportFile(chosen.name, chosen.bytes, {
      today: todayIn(),
      ...(billing === '' ? {} : { billing }),
      ...(columns === null ? {} : { columns }),
      ...(convert ? { rates: validRates(rates) } : {}),
    });
  }, [chosen, billing, columns, convert, rates]);

  return {
    file,
    name: chosen && 'name' in chosen ? chosen.name : null,
    reading,
    choose,
    billing,
    setBilling,
    setColumns,
    convert,
    setConvert,
    rates,
    setRate: (currency: string, text: string) => setRates((now) => ({ ...now, [currency]: text })),
  };
}
