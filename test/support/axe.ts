/**
 * axe-core for the browser journeys: its own source, the copy @axe-core/playwright injects (its
 * dependency, so the versions cannot drift apart and every engine runs the same rules), the run every
 * engine makes, and a violation as the journeys report it.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);
export const AXE_SOURCE = (
  createRequire(requireHere.resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

/** One violation as the journeys report it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe.run on the document, reporting violations only, as a script for the page to evaluate (a
 * string: no DOM types here); its value is the violations as AxeViolation[].
 */
export const AXE_RUN = `window.axe.run(document, { resultTypes: ['violations'] }).then((results) =>
  results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  })))`;

/** The serious and critical violations (what a journey fails on), one line each. */
export function seriousLines(violations: readonly AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.targets.join(', ')}`);
}
