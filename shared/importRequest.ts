/** 'Import N reminders' as the API takes it: how many rows, how many bytes, and the rows themselves. */
import * as z from 'zod';
import { reminderInputSchema } from './schemas/reminder.ts';

/** At most this many reminders in one import (one file). */
export const IMPORT_MAX_ROWS = 500;

/**
 * The largest request body 'Import N reminders' takes, in bytes. Just above the largest valid import
 * (IMPORT_MAX_ROWS rows with every field at its longest in three-byte characters: 3.71 MB, built by
 * test/unit/import-body-limit.test.ts) and under Lambda's 6 MB request limit. The web ACL cannot
 * enforce it (it sees at most the first 64 KB of a body), so the route does (docs/decisions/0016).
 */
export const IMPORT_BODY_MAX_BYTES = 3_750_000;

/** 'Import N reminders': the file's valid rows, checked again here, saved all or nothing. */
export const importRemindersSchema = z.object({
  reminders: z
    .array(reminderInputSchema)
    .min(1, 'There are no reminders to import')
    // An import fills the importer's own list; sharing is the dialog's, one reminder at a time.
    .refine((rows) => rows.every((row) => !row.shared), 'Imported reminders cannot be shared')
    .max(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS} reminders can be imported at once`),
});
export type ImportRemindersInput = z.input<typeof importRemindersSchema>;
