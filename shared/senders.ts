/**
 * The senders, on AWS (the SQS event source) and locally (lib/local/sendLane.ts) alike: how many run
 * at once (each paces itself at this share of the account's SES rate); batches of up to 50 messages
 * gathered for at most a second (a sender's pace is a share of the rate, and the gap between two
 * batches is paid per batch, so larger batches keep the senders near the rate); a 1-minute timeout;
 * a failed message hidden for six times that (AWS's advice), longer than the 2-minute claim lease, so
 * a redelivery can take over a dead sender's claim; the dead-letter queue after 5 receives.
 */
export const SENDER_SETTINGS = {
  maxConcurrency: 10,
  batchSize: 50,
  maxBatchingWindowSeconds: 1,
  timeoutSeconds: 60,
  visibilityTimeoutSeconds: 360,
  maxReceiveCount: 5,
} as const;
