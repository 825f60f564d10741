/**
 * What the store could not do, by name: a StoreRefusal carries a reason and the facts a message
 * needs, never user text and never an HTTP status. A use case (lambdas/features/reminders, features/household,
 * features/push) turns the refusals of its own rules into a DomainError with the user's words; the
 * four that any write of an account can meet are worded once by the route wrapper (http.ts), so a
 * route that is only a read and a write needs no use case of its own.
 */
export class StoreRefusal<Reason extends string = string> extends Error {
  constructor(readonly reason: Reason) {
    super(`The store refused: ${reason}`);
    this.name = new.target.name;
  }
}

/** The caller's account was deleted: its token may still be unexpired, but nothing is written. */
export class AccountGoneError extends StoreRefusal<'account_gone'> {
  constructor() {
    super('account_gone');
  }
}

/** The account (or the household) is at REMINDER_LIMIT: the write would take it past. */
export class ReminderLimitError extends StoreRefusal<'reminder_limit'> {
  constructor() {
    super('reminder_limit');
  }
}

/** The caller left the household (or was removed) between the read and the write. */
export class NoLongerMemberError extends StoreRefusal<'no_longer_member'> {
  constructor() {
    super('no_longer_member');
  }
}

/** What a request was doing to a reminder when it kept changing under it. */
export type ReminderChange =
  'update' | 'delete' | 'snooze' | 'answer_notice' | 'record_outcome' | 'mark_action_done';

/** The reminder changed under every attempt (requests at once on it): the user may retry. */
export class KeptChangingError extends StoreRefusal<'kept_changing'> {
  constructor(readonly change: ReminderChange) {
    super('kept_changing');
  }
}

/**
 * A use case's wrapper around a store write: `word` turns a refusal the use case answers into the
 * user's words (its DomainError); anything else (an account-wide refusal, a fault) goes on as it is.
 */
export function wordedBy(word: (error: unknown) => Error | undefined) {
  return async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      throw word(error) ?? error;
    }
  };
}

/**
 * A rule's verdict on what the store read: the change to make, or the reason it is refused. The
 * rules are pure functions of the use cases (lambdas/features/*) and return one of these; the store
 * persists the change, or stops on the refusal, and names no rule of its own.
 */
export type Decision<Change, Reason> = { change: Change } | { refused: Reason };

/**
 * The change a decision allows, or its refusal (made by `refusal` from the reason) thrown: what a
 * use case's `decide`, which the store calls on what it read, does with its rule's verdict.
 */
export function enact<Change, Reason>(
  decision: Decision<Change, Reason>,
  refusal: (reason: Reason) => Error,
): Change {
  if ('refused' in decision) throw refusal(decision.refused);
  return decision.change;
}
