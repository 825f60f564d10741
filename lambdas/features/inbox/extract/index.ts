/**
 * `extractRenewal`: a document's renewal fields by rules and dictionaries, with no model and no
 * network; pure and synchronous. Each field is null unless the document says it plainly, and each
 * found field carries the line it was read from. A wrong date shown as found is worse than none, so
 * every rule leans to leaving a field empty for the user to fill.
 */
import { DEFAULT_CONTRACT } from '../../../../shared/reminder/contract.ts';
import { NO_FIELDS, sourceLine, type InboxFields } from '../../../../shared/inbox/fields.ts';
import { DEFAULT_LIMITS, type InboxDocument } from '../document.ts';
import { plainSubject } from '../lines.ts';
import { chooseAmounts, findAmounts } from './amounts.ts';
import { categoryLine, categoryScores, chooseCategory } from './category.ts';
import { chooseDate, dateCandidates, dateKindOf, findDates } from './dates.ts';
import { chooseProvider } from './provider.ts';

export type ExtractableDocument = Pick<InboxDocument, 'kind' | 'lines' | 'origin' | 'sender' | 'subject'>;

export interface ExtractOptions {
  /**
   * Today, YYYY-MM-DD: the reference for a date written without a year and for 'in the past', when
   * the document has no date of its own (a photo, a PDF, pasted text).
   */
  today?: string;
  /**
   * The account's own address, when known: a mail whose letter comes from it (typed or pasted into a
   * new mail rather than forwarded) names the user, not a provider, in its From line.
   */
  accountAddress?: string;
}

/** The most text read: what readDocument keeps, so a document built by hand costs no more. */
function within(lines: readonly string[]): string[] {
  const kept: string[] = [];
  let chars = 0;
  for (const line of lines) {
    if (kept.length >= DEFAULT_LIMITS.maxLines || chars + line.length > DEFAULT_LIMITS.maxChars) break;
    kept.push(line);
    chars += line.length;
  }
  return kept;
}

export function extractRenewal(document: ExtractableDocument, options: ExtractOptions = {}): InboxFields {
  const { origin } = document;
  const lines = within(document.lines);
  const fields: InboxFields = { ...NO_FIELDS, sources: {} };
  const first = lines[0];
  const hasSubject =
    document.kind === 'mail' &&
    first !== undefined &&
    (first === origin.subject || first === plainSubject(document.subject));
  const ownSender =
    options.accountAddress !== undefined && origin.address === options.accountAddress.toLowerCase();

  const provider = chooseProvider(lines, origin, { hasSubject, ownSender });
  if (provider) {
    fields.provider = provider.name;
    fields.sources.provider = sourceLine(provider.line);
  }

  const category = chooseCategory(
    categoryScores(lines, hasSubject ? first! : null),
    provider?.categories ?? [],
  );
  fields.category = category;
  const categorySource = category && (categoryLine(lines, category) ?? (provider ? provider.line : null));
  if (categorySource) fields.sources.category = sourceLine(categorySource);

  const reference = origin.date ?? options.today ?? null;
  const mentions = findDates(lines, reference);
  const date = chooseDate(dateCandidates(lines, mentions, reference));
  if (date) {
    fields.renewal_date = date.date;
    fields.sources.renewal_date = sourceLine(lines[date.line]!);
    // Tax and MOT fall due each year (a renewal), whatever words say it; 'due on' alone takes the
    // category's usual kind.
    fields.date_kind =
      category === 'car_tax_mot'
        ? 'renewal'
        : (dateKindOf(date.kind) ?? (category ? DEFAULT_CONTRACT[category].date_kind : null));
    if (fields.date_kind) fields.sources.date_kind = fields.sources.renewal_date;
  }

  // A document that is about no renewal we can tell (no provider, category or date) has no price to
  // give: a vet's fee or a receipt's total is not one.
  const amounts =
    category || fields.renewal_date || provider
      ? chooseAmounts(findAmounts(lines), category, lines)
      : { amount: null, previous: null, repeats: null };
  if (amounts.amount) {
    fields.amount = amounts.amount.pounds;
    fields.sources.amount = sourceLine(lines[amounts.amount.line]!);
  }
  if (amounts.previous) {
    fields.previous_amount = amounts.previous.pounds;
    fields.sources.previous_amount = sourceLine(lines[amounts.previous.line]!);
  }
  if (amounts.repeats && (amounts.amount || amounts.previous)) {
    fields.repeats = amounts.repeats;
    fields.sources.repeats = sourceLine(lines[(amounts.amount ?? amounts.previous)!.line]!);
  }
  return fields;
}
