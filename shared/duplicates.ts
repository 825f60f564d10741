/**
 * The identity of a reminder for duplicate detection on import: title, provider and renewal date,
 * compared without case or surrounding spaces. Used by the preview and by the API alike; a module of
 * its own so the API never loads the file reading (and its CSV parser) in shared/import.ts.
 */
export function duplicateKey(reminder: { title: string; provider: string; renewal_date: string }): string {
  const norm = (text: string) => text.trim().toLocaleLowerCase('en-GB');
  return JSON.stringify([norm(reminder.title), norm(reminder.provider), reminder.renewal_date]);
}
