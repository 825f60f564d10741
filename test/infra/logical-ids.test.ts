/**
 * The stateful resources of a stage keep their logical ids, in the stage's own stack: a changed id
 * makes CloudFormation create a new one (an empty table, a pool without its users) and delete or,
 * in prod, orphan the old. fixtures/stateful-logical-ids.json was taken from main before the route
 * functions moved into nested stacks (decision 0040): every table, user pool and its group, bucket,
 * KMS key, secret, queue, SES identity, alarm topic and subscription, and every resource prod
 * retains (its log groups), by logical id. New resources may be added; none listed may go.
 */
import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, synth } from './harness.ts';
import { PROD_WITH_CERTIFICATES } from './stack-helpers.ts';

afterAll(cleanUp);

const FIXTURE = JSON.parse(
  readFileSync(new URL('fixtures/stateful-logical-ids.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string>>;

const CONTEXTS: Record<string, Record<string, unknown>> = {
  'prod with certificates': PROD_WITH_CERTIFICATES,
  dev: {},
};

describe('stateful resources keep their logical ids in the stage’s stack', () => {
  it('has a fixture for each stage shape', () => {
    expect(Object.keys(FIXTURE).sort()).toEqual(Object.keys(CONTEXTS).sort());
  });

  for (const [label, context] of Object.entries(CONTEXTS)) {
    it(label, () => {
      const resources = Template.fromStack(synth(context).stack).toJSON().Resources as Record<
        string,
        { Type: string }
      >;
      const now = Object.fromEntries(
        Object.keys(FIXTURE[label]!).map((id) => [id, resources[id]?.Type ?? 'missing']),
      );
      expect(now).toEqual(FIXTURE[label]);
    });
  }
});
