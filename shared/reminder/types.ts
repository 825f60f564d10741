/**
 * A reminder and a finished term of one, as the API returns them and the stores keep them, and the
 * closed lists they are made of. The reminder's rules take these; the API contract (shared/api.ts)
 * re-exports them.
 */
import type { Category } from './categories.ts';
import type { DateKind } from './contract.ts';
import type { Lender } from './lenders.ts';
import type { NoticeAnswer, NoticeAnswerValue } from './noticeWatch.ts';
import type { PriceRise } from './priceRise.ts';
import type { RenewalOffer } from './priceMemory.ts';
import type { WhoPays } from './split.ts';
import type { Repeats } from './terms.ts';
import type { KeptVehicle, VehicleDate } from './vehicle.ts';

export interface Reminder {
  id: string;
  user_id: string;
  title: string;
  category: Category;
  provider: string;
  renewal_date: string;
  amount: number | null;
  notes: string | null;
  /** 'How often do you pay?': the amount is per payment; yearly figures and savings count by it. */
  billing: Repeats;
  /** What renewal_date is: a deal's end, a renewal, or a rolling charge's next payment (shared/reminder/contract.ts). */
  date_kind: DateKind;
  /** How often the date renews (its term): 'none' for a deal that ends, whose next deal the user gives. */
  repeats: Repeats;
  /**
   * Saved before the date's kind was asked, and monthly in a deal category: it still reads as a rolling
   * charge, and asks 'When does your deal end?' until the user answers.
   */
  ask_deal_end: boolean;
  /** Renews by itself unless the user acts: doing nothing means paying the renewal price. */
  auto_renew: boolean;
  /** The last day to act (a notice deadline, a cancel-by date), on or before renewal_date; lead mails count down to it. */
  act_by: string | null;
  /** The user's own lead days, largest first; null means the category's. */
  lead_days: number[] | null;
  /** Also mail the category's action windows ('Also tell me the best day to act'); older reminders read as on. */
  action_windows: boolean;
  /** A mortgage's lender, whose window for a new deal the reminder counts back; null when not given. */
  lender: Lender | null;
  /** Car Tax / MOT: the registration number kept to move the date after each MOT or tax renewal; null when not kept. */
  kept_vehicle: KeptVehicle | null;
  /** Car Tax / MOT: 'What is due?', the car's MOT or its tax; null when not said (vehicleDateOf reads older ones). */
  vehicle_date: VehicleDate | null;
  /** The renewal date terms are counted from (see shared/reminder/terms.ts), so month-end dates never drift. */
  term_anchor: string;
  /** The date the current term began (the renewal it rolled forward from); null for the first one tracked. */
  term_started: string | null;
  /** What the previous term cost, when known: the mails quote it. */
  last_term_amount: number | null;
  /** The renewal offer noted for a renewal (shared/reminder/priceMemory.ts); it counts for its own renewal only. */
  renewal_offer: RenewalOffer | null;
  /**
   * 'Did {provider} send your end-of-contract notice?', answered for a renewal
   * (shared/reminder/noticeWatch.ts); it counts for its own renewal only, as the offer does.
   */
  notice_answer: NoticeAnswer | null;
  /**
   * 'Price rises in April': a phone, broadband or pay TV contract's yearly rise as its terms state it
   * (shared/reminder/priceRise.ts); null when none is known.
   */
  price_rise: PriceRise | null;
  /** Set when the user cancelled it: it leaves the list and its mails stop; its history stays. */
  archived_at: string | null;
  /** 'This week' actions marked done, for the current renewal only (shared/reminder/actions.ts). */
  actions_done: string[];
  /**
   * In the caller's household's partition, seen and edited by every member (decision 0044). A shared
   * reminder's people are membership ids; one that resolves to no member is 'A former member'.
   */
  shared: boolean;
  /** Shared only: the member who deals with it ('Who deals with it?'), or null for nobody in particular. */
  deals_with: string | null;
  /** Shared only: 'Who pays?' (shared/reminder/split.ts); null, an own reminder's, or a shared one split equally. */
  who_pays: WhoPays | null;
  /** Shared only: the members who added it and who last changed it. */
  created_by: string | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The outcome form's two answers: money saved, or renewed with no saving. */
export const SAVINGS_OUTCOMES = ['saved', 'no_saving'] as const;
/**
 * What happened at a renewal, as the history shows it. 'saved' is only on outcomes recorded before
 * the history existed, when only the amount was asked.
 */
export const RENEWAL_RESULTS = [
  'switched',
  'negotiated',
  'renewed',
  'cancelled',
  'rolled_forward',
  'saved',
] as const;
export type RenewalResult = (typeof RENEWAL_RESULTS)[number];
export const RENEWAL_RESULT_LABELS: Record<RenewalResult, string> = {
  switched: 'Switched',
  negotiated: 'Negotiated',
  renewed: 'Renewed as it was',
  cancelled: 'Cancelled',
  rolled_forward: 'Rolled on to the next term (no answer)',
  saved: 'Saved',
};
/**
 * One finished term of a reminder: what it cost, what happened at its renewal and what that saved.
 * One per renewal: reporting the same renewal again replaces it. Kept when the reminder is deleted
 * or cancelled, so the savings never shrink behind the user's back.
 */
export interface RenewalOutcome {
  id: string;
  reminder_id: string;
  user_id: string;
  /** The reminder's title and category when the term ended (older records: the reminder's now, or ''). */
  title: string;
  category: Category | null;
  provider: string | null;
  /** When the term began (null when unknown) and the renewal that ended it (null on older records). */
  term_from: string | null;
  term_to: string | null;
  /** What the term cost, and what the next one costs, when known. */
  price: number | null;
  new_price: number | null;
  /** The provider's renewal offer for the term, when one was noted (null on older records). */
  offer_price: number | null;
  /** Whether the provider sent the notice before the term ended, as the user told us; null when not asked or not answered. */
  notice_answer: NoticeAnswerValue | null;
  result: RenewalResult;
  /** Pounds, 2 decimals, per term; 0 unless money was saved. */
  saved_amount: number;
  /**
   * How often it was paid, so a saving per payment counts per year (shared/reminder/money.ts).
   * Older records kept none: 'none', their amount counted as it was reported.
   */
  billing: Repeats;
  /** The outcome of a shared reminder: the household's, counted once, recorded by `recorded_by`. */
  shared: boolean;
  /** Shared only: the member who recorded it (a membership id), or null. */
  recorded_by: string | null;
  created_at: string;
  updated_at: string;
}
