/**
 * The dedupe keys of a reminder's mails (./mail.ts derives a mail's from its fields): the part after
 * SEND# of its send record's sort key, so a re-run or a retry finds the same key. shared/table.ts
 * lists them with every other mail's; they are spelt here so that a reminder's rules need nothing of
 * the table.
 */
export const reminderMailKeys = {
  /** A lead mail; one that counted down to an act-by date names it, so moving that date mails afresh. */
  reminder: (reminderId: string, renewalDate: string, daysBefore: number, actBy: string | null = null) =>
    actBy === null
      ? `reminder#${reminderId}#${renewalDate}#${daysBefore}`
      : `reminder#${reminderId}#${renewalDate}#${daysBefore}#by#${actBy}`,
  savings: (reminderId: string, renewalDate: string) => `savings#${reminderId}#${renewalDate}`,
  /**
   * An action window's mail: its kind and its distance from the renewal, so a window that moves (a
   * mortgage's lender changed) mails afresh.
   */
  window: (reminderId: string, renewalDate: string, kind: string, daysBefore: number) =>
    `window#${reminderId}#${renewalDate}#${kind}#${daysBefore}`,
  /** The prefixes under which one renewal's mails are found: its leads, its windows, its follow-up. */
  renewalPrefixes: (reminderId: string, renewalDate: string) => [
    `reminder#${reminderId}#${renewalDate}#`,
    `window#${reminderId}#${renewalDate}#`,
    `savings#${reminderId}#${renewalDate}`,
  ],
} as const;
