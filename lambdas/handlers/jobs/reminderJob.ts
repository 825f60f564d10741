import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { isoDate } from '../../../shared/schemas/fields.ts';
import { logger } from '../../runtime/logger.ts';
import { planRun, type RunResult } from '../../features/engine/planner.ts';
import { traced } from '../../runtime/tracer.ts';

/** The Scheduler sends no payload we rely on; a manual run may name a date or ask for a simulation. */
const eventSchema = z.object({
  date: isoDate.optional(),
  simulate: z.boolean().optional(),
  trigger: z.enum(['schedule', 'manual', 'cli', 'local-timer']).optional(),
});

/**
 * The reminder job's planner. EventBridge Scheduler invokes it every hour, on the hour (lib/schedule.ts);
 * each owner's mails go at the first run at or after 08:00 their time.
 */
export const handler = traced(
  async (event: unknown, _context?: Context): Promise<Omit<RunResult, 'mails' | 'planMs'>> => {
    const parsed = eventSchema.safeParse(event ?? {});
    if (!parsed.success) {
      // A malformed event must not stop the day's mail: run for today, and say why in the log.
      logger.warn('Ignoring invalid job event', { issues: parsed.error.issues });
    }
    const input = parsed.success ? parsed.data : {};
    const {
      mails: _mails,
      planMs: _planMs,
      ...result
    } = await planRun({
      date: input.date,
      simulate: input.simulate,
      trigger: input.trigger ?? 'schedule',
    });
    return result;
  },
);
