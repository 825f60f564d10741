import { Logger } from '@aws-lambda-powertools/logger';

/** The service every log line and metric names (POWERTOOLS_SERVICE_NAME, set by the stack). */
export const serviceName = () => process.env.POWERTOOLS_SERVICE_NAME ?? 'renewal-reminders';

export const logger = new Logger({ serviceName: serviceName() });
