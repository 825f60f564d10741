import { Tracer } from '@aws-lambda-powertools/tracer';
import { serviceName } from './logger.ts';

/**
 * X-Ray subsegments from the Powertools Tracer: one per invocation (`## index.handler`, with the
 * ColdStart and Service annotations; the routes add `route` and `status`), and one per AWS SDK call
 * of the clients it captures (lambdas/runtime/clients.ts). Lambda's own segment holds them; it exists
 * where the stage traces (context `tracing`, X-Ray active tracing).
 *
 * Off (every call a no-op, a captured client left as it was) where POWERTOOLS_TRACE_ENABLED is
 * false, which the stack sets from the same flag, and outside Lambda (no AWS_EXECUTION_ENV): the
 * tests and the local stack. It reads the environment once, when this module loads. Responses are
 * never recorded (POWERTOOLS_TRACER_CAPTURE_RESPONSE=false, and no handler adds one): they carry
 * people's data. An error a handler throws is recorded with its message and stack, as in the log.
 */
export const tracer = new Tracer({ serviceName: serviceName() });

/**
 * Wraps a handler that does not go through middy (route() uses the Tracer's middy middleware) the way
 * that middleware does: a `## {handler}` subsegment around the invocation with the cold-start and
 * service annotations, the error as metadata if it throws, no response.
 */
export function traced<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    if (!tracer.isTracingEnabled()) return handler(...args);
    const segment = tracer.getSegment();
    const subsegment = segment?.addNewSubsegment(`## ${process.env._HANDLER ?? 'handler'}`);
    if (subsegment) tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    try {
      return await handler(...args);
    } catch (error) {
      tracer.addErrorAsMetadata(error as Error);
      throw error;
    } finally {
      if (segment && subsegment) {
        try {
          subsegment.close();
        } catch {
          // A subsegment that cannot be closed or sent loses its trace data, never the invocation.
        }
        tracer.setSegment(segment);
      }
    }
  };
}
