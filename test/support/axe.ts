/**
 * axe-core for the browser journeys: its own source, the copy @axe-core/playwright injects (its
 * dependency, so the versions cannot drift apart and every engine runs the same rules), and a
 * violation as the journeys report it.
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
