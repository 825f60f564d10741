/**
 * Ended sessions against whole-second token times (shared/sessions.ts): a token issued at or before
 * the end, the same second included, is refused; one issued once the end has waited for its second
 * is taken, however the end and the sign-in fall within their seconds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionEnded, sessionsValidAfter, waitUntilValid } from '../../shared/sessions.ts';

/** Cognito's `iat`: the whole second a token was issued in. */
const iatOf = (ms: number) => Math.floor(ms / 1000);

describe('ended sessions, by the second', () => {
  it('refuses a token of the very second the sessions ended in, and takes one of the next', () => {
    const endedAt = 1_767_225_600_400; // 400 ms into a second
    const validAfter = sessionsValidAfter(endedAt);
    expect(validAfter).toBe(1_767_225_601);
    // Issued 300 ms after the end, but in the same second: it cannot be told from one before it.
    expect(sessionEnded(iatOf(endedAt + 300), validAfter)).toBe(true);
    expect(sessionEnded(iatOf(endedAt - 1), validAfter)).toBe(true);
    // The end waits 600 ms for the next second; a sign-in after that is taken.
    expect(waitUntilValid(validAfter, endedAt)).toBe(600);
    expect(sessionEnded(iatOf(endedAt + 600), validAfter)).toBe(false);
    // An end on a second's very start still refuses that whole second.
    expect(sessionsValidAfter(1_767_225_600_000)).toBe(1_767_225_601);
  });

  it('takes every token when the sessions never ended, refuses one without an issue time when they did', () => {
    expect(sessionEnded(123, undefined)).toBe(false);
    expect(sessionEnded(123, 0)).toBe(false);
    expect(sessionEnded(undefined, 0)).toBe(false);
    expect(sessionEnded(undefined, 5)).toBe(true);
    expect(sessionEnded(Number.NaN, 5)).toBe(true);
  });

  it('for any end and any token: issued at or before the end, refused; after the end’s wait, taken', () => {
    const instant = fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 });
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 5_000 }), (endedAt, gap) => {
        const validAfter = sessionsValidAfter(endedAt);
        // Before the end (and at it): refused.
        expect(sessionEnded(iatOf(endedAt - gap), validAfter)).toBe(true);
        // After the end has waited for its second: taken, whatever the gap after that.
        const answered = endedAt + waitUntilValid(validAfter, endedAt);
        expect(sessionEnded(iatOf(answered + gap), validAfter)).toBe(false);
        // The wait is under a second.
        expect(answered - endedAt).toBeLessThanOrEqual(1000);
        expect(answered - endedAt).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
