/**
 * The store persists decisions and names only what persisting met: every `throw new` in
 * lambdas/store is listed here with what it may throw. A refusal of a product rule (who may share,
 * a term answered, a renewal's quotes full, one household per person) is a use case's pure
 * decision (lambdas/features/*), which the store calls on what it read; the store may throw only
 * the account-wide refusals (lambdas/runtime/refusal.ts), what a write's condition found (a limit
 * the condition holds, a claim taken, a change meanwhile), the loops' "kept changing", and faults.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/lint-probe.ts';

/** What the store may throw: a class, or a class with its reason (its first argument, a literal). */
const ALLOWED = new Set([
  // The account-wide refusals, worded once by the route wrapper.
  'AccountGoneError',
  'ReminderLimitError',
  'NoLongerMemberError',
  'KeptChangingError',
  // A write's condition failed: changed meanwhile, read again.
  'ConditionalCheckFailedException',
  'ConditionsFailed',
  'PlaceTaken',
  // Kept changing, or held by another run, or out of time: persistence, not a rule.
  "QuoteRefusal('busy')",
  "HouseholdRefusal('changed')",
  'ImportBusyError',
  'ImportTooSlowError',
  // Limits and claims a write's condition holds (shared/limits.ts; the day's invitation mail).
  'DeviceLimitError',
  "HouseholdRefusal('full')",
  "HouseholdRefusal('invited_today')",
  // Faults: a bug or a malformed key, never a user's refusal.
  'Error',
  'UnknownCounterError',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `X` or `X('reason')` for `new X(...)`; anything else (a refusal made elsewhere) as its text. */
function thrownName(expression: ts.Expression, source: ts.SourceFile): string {
  if (!ts.isNewExpression(expression)) return expression.getText(source);
  const name = expression.expression.getText(source);
  const [first] = expression.arguments ?? [];
  return first && ts.isStringLiteral(first) && name !== 'Error' ? `${name}('${first.text}')` : name;
}

/** Every `throw` of the store but a caught error thrown on, as `X` or `X('reason')`, with where it is. */
function storeThrows(): { thrown: string; at: string }[] {
  const found: { thrown: string; at: string }[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'lambdas/store'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      // A caught error thrown on (`throw error`) adds nothing; anything else thrown is listed.
      if (ts.isThrowStatement(node) && !ts.isIdentifier(node.expression)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.push({
          thrown: thrownName(node.expression, source),
          at: `${path.relative(ROOT, file)}:${line}`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the store throws no rule of its own', () => {
  it('finds the throws it checks', () => {
    expect(storeThrows().map(({ thrown }) => thrown)).toContain('AccountGoneError');
  });

  it('throws only account-wide refusals, what a condition found, "kept changing" and faults', () => {
    const rules = storeThrows().filter(
      ({ thrown }) => !ALLOWED.has(thrown) && !ALLOWED.has(thrown.split('(')[0]!),
    );
    expect(rules.map(({ thrown, at }) => `${at} throws ${thrown}`)).toEqual([]);
  });

  it.each([
    ["SharingRefusal('deals_with_not_member')"],
    ["NoticeRefusal('moved_on')"],
    ["QuoteRefusal('limit')"],
    ["HouseholdRefusal('already_in')"],
    ['TermAnsweredError'],
    ['await termRefusal(home, state, reminder.renewal_date, zone)'],
  ])('would catch %s', (thrown) => {
    expect(ALLOWED.has(thrown) || ALLOWED.has(thrown.split('(')[0]!)).toBe(false);
  });
});
