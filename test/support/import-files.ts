/**
 * Import files in tests (pure, for the unit and web files alike): a file read from its text, its
 * rows once it is accepted, and the header row of our own CSV template.
 */
import { readImportFile, type ImportFile } from '../../shared/import.ts';

/** Our template's (and a minimal export's) header row. */
export const HEADER =
  'Title,Category,Provider,Renewal date,Amount,Notes,Repeats,Renews automatically,Act by,Remind me';

export const bytes = (text: string) => new TextEncoder().encode(text);
/** `text` read as a file named `name`. */
export const read = (name: string, text: string) => readImportFile(name, bytes(text));

/** An accepted file's rows; a refused file throws with its reason. */
export function rowsOf(file: ImportFile) {
  if (!file.ok) throw new Error(`refused: ${file.error}`);
  return file.rows;
}
