/** One answer per term, as pure rules: whether a term takes an answer, and how an answer is said. */
import { describe, expect, it } from 'vitest';
import type { RenewalOutcome } from '../../shared/api.ts';
import {
  isAnswer,
  loggedBy,
  loggedLine,
  movedOnLine,
  renewalFromLink,
  termState,
  termToAsk,
  whoLogged,
} from '../../shared/reminder/termAnswer.ts';
import { anOutcome } from '../support/builders.ts';

const ALICE = 'a1111111-1111-4111-8111-111111111111';
const BOB = 'b2222222-2222-4222-8222-222222222222';
const members = [
  { membership_id: ALICE, first_name: 'Alice', is_you: false },
  { membership_id: BOB, first_name: 'Bob', is_you: true },
];

const outcome = (over: Partial<RenewalOutcome> = {}): RenewalOutcome =>
  // 23:30 in London on 2 December is 10:30 on 3 December in Sydney.
  anOutcome({ recorded_by: ALICE, ...over });

describe('termState', () => {
  const T = '2026-12-01';
  const NEXT = '2027-12-01';

  it('the current term, unanswered: open', () => {
    expect(termState(T, T, undefined, false)).toEqual({ kind: 'open' });
  });

  it("the current term, answered: the reader's own may be replaced, anyone else's is logged", () => {
    const answer = outcome();
    expect(termState(T, T, answer, true)).toEqual({ kind: 'replace', existing: answer });
    expect(termState(T, T, answer, false)).toEqual({ kind: 'logged', existing: answer });
  });

  it("a term that is over is never answered again, even the reader's own", () => {
    const answer = outcome();
    expect(termState(NEXT, T, answer, true)).toEqual({ kind: 'logged', existing: answer });
    expect(termState(NEXT, T, answer, false)).toEqual({ kind: 'logged', existing: answer });
  });

  it('a term that ended with no answer (rolled on, or its date changed) is over', () => {
    expect(termState(NEXT, T, outcome({ result: 'rolled_forward', saved_amount: 0 }), false)).toEqual({
      kind: 'over',
    });
    expect(termState(NEXT, T, undefined, true)).toEqual({ kind: 'over' });
  });
});

describe('how an answer is said', () => {
  it("'Alice logged this on …' with the day in the reader's zone, the result in words and the saving", () => {
    const who = whoLogged(outcome(), members);
    expect(loggedLine(outcome(), who, 'Australia/Sydney')).toBe(
      'Alice logged this on 03/12/2026: switched, £64.20 saved',
    );
    expect(loggedLine(outcome(), who, 'Europe/London')).toBe(
      'Alice logged this on 02/12/2026: switched, £64.20 saved',
    );
  });

  it("'You' for the reader's own, an own reminder's, and no saving when nothing was saved", () => {
    const renewed = outcome({ recorded_by: BOB, result: 'renewed', saved_amount: 0 });
    expect(loggedLine(renewed, whoLogged(renewed, members), 'Europe/London')).toBe(
      'You logged this on 02/12/2026: renewed as is',
    );
    expect(whoLogged(outcome({ shared: false, recorded_by: null }), [])).toBe('You');
    expect(whoLogged(outcome({ recorded_by: 'former' }), members)).toBe('A former member');
  });

  it("labels a shared saving in the ledger: 'logged by Alice', 'logged by you'", () => {
    expect(loggedBy(outcome(), members)).toBe('logged by Alice');
    expect(loggedBy(outcome({ recorded_by: BOB }), members)).toBe('logged by you');
    expect(loggedBy(outcome({ shared: false }), members)).toBeNull();
    expect(loggedBy(outcome(), null)).toBeNull();
  });

  it('a roll on is no answer', () => {
    expect(isAnswer(outcome({ result: 'rolled_forward' }))).toBe(false);
    expect(isAnswer(outcome())).toBe(true);
    expect(movedOnLine('2027-12-01')).toBe('This renewal is over: the reminder now renews on 01/12/2027');
  });
});

describe('renewalFromLink', () => {
  it('takes a real date only', () => {
    expect(renewalFromLink('2026-12-01')).toBe('2026-12-01');
    for (const bad of [null, '', '2026-02-30', '01/12/2026', '2026-12-01T00:00', '<script>'])
      expect(renewalFromLink(bad)).toBeNull();
  });
});

describe('termToAsk', () => {
  const T = '2026-12-01';
  const NEXT = '2027-12-01';
  const switched = outcome({ term_to: T, updated_at: '2026-12-02T10:00:00.000Z' });

  it('asks about the term a link names, whatever else is known', () => {
    expect(termToAsk(NEXT, [switched], T, '2026-12-03')).toBe(T);
    expect(termToAsk(T, [], '2025-12-01', '2026-12-03')).toBe('2025-12-01');
  });

  it('shows the last answer, not a blank form for next year, for 30 days after it was logged', () => {
    expect(termToAsk(NEXT, [switched], null, '2026-12-03')).toBe(T);
    expect(termToAsk(NEXT, [switched], null, '2027-01-01')).toBe(T);
    expect(termToAsk(NEXT, [switched], null, '2027-01-02')).toBe(NEXT);
  });

  it('asks about the current term once it is due, or when the last term was rolled on unanswered', () => {
    expect(termToAsk(NEXT, [switched], null, NEXT)).toBe(NEXT);
    const rolled = outcome({ term_to: T, result: 'rolled_forward', updated_at: '2026-12-15T08:00:00.000Z' });
    expect(termToAsk(NEXT, [rolled], null, '2026-12-16')).toBe(NEXT);
    expect(termToAsk(T, [], null, '2026-11-20')).toBe(T);
  });

  it('takes the latest answered term when there are several', () => {
    const older = outcome({ term_to: '2025-12-01', updated_at: '2026-12-02T09:00:00.000Z' });
    expect(termToAsk(NEXT, [older, switched], null, '2026-12-03')).toBe(T);
  });
});
