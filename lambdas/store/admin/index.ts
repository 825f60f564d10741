/**
 * The admin room: what the admin console reads and writes. Writes the items `audit` and, for a
 * simulation, `email_send` and `email_log` (with their `log_ref`) in bulk; reads the counters for the
 * statistics. The only module outside this folder may import from it; it may build on every other
 * room.
 */

export { audit, latestAudit } from './audit.ts';
export { type BulkWriteOptions, recordSimulatedMails } from './simulations.ts';
export { adminStatistics, readTableOnce } from './stats.ts';
