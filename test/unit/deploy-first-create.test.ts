import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import { describe, expect, it } from 'vitest';
import { isFirstCreate, protectStacks } from '../../lib/deploy/firstCreate.ts';
import { contextOf, contextValue, stageTarget } from '../../lib/deploy/stageArgs.ts';
import { fakeClient } from '../support/fakeClient.ts';

/** CloudFormation answering each command with `answer`; every region's client is the one fake. */
function cloudFormationOf(answer: (command: object) => unknown) {
  const cloudFormation = fakeClient<CloudFormationClient>(answer);
  return { ...cloudFormation, clientFor: () => cloudFormation.client };
}
const stackIn = (status: string) => ({
  Stacks: [{ StackName: 'x', StackStatus: status, CreationTime: new Date() }],
});
const prod = stageTarget(contextOf(['-c', 'stage=prod', '--context', 'domain=example.com']));

describe('the stage a deploy is about', () => {
  it('reads stage and region from the CDK arguments, in each spelling the CLI takes', () => {
    expect(contextValue(['-c', 'stage=prod'], 'stage')).toBe('prod');
    expect(contextValue(['--context=stage=qa'], 'stage')).toBe('qa');
    // The edge stack first: the stage's stack reads its web ACL.
    expect(stageTarget({}).stacks).toEqual([
      { name: 'RenewalReminders-dev-edge', region: 'us-east-1' },
      { name: 'RenewalReminders-dev', region: 'eu-west-2' },
    ]);
    expect(stageTarget(contextOf(['-c', 'region=eu-west-1'])).region).toBe('eu-west-1');
    // A stage without a web ACL has no edge stack.
    expect(stageTarget({ stage: 'qa', webAcl: 'false' }).stacks).toEqual([
      { name: 'RenewalReminders-qa', region: 'eu-west-2' },
    ]);
  });
});

describe('a first create of prod', () => {
  it('is one while a stack does not exist', async () => {
    const { clientFor } = cloudFormationOf((command) => {
      if (!(command instanceof DescribeStacksCommand)) return undefined;
      if (command.input.StackName === 'RenewalReminders-prod')
        throw new Error('Stack with id RenewalReminders-prod does not exist');
      return stackIn('CREATE_COMPLETE');
    });
    expect(await isFirstCreate(prod, clientFor)).toBe(true);
  });

  it('is one after a create that rolled back, and not once both stacks were created', async () => {
    let status = 'ROLLBACK_COMPLETE';
    const { clientFor } = cloudFormationOf((command) =>
      command instanceof DescribeStacksCommand ? stackIn(status) : undefined,
    );
    expect(await isFirstCreate(prod, clientFor)).toBe(true);
    status = 'UPDATE_COMPLETE';
    expect(await isFirstCreate(prod, clientFor)).toBe(false);
  });

  it('passes on errors other than a missing stack (no credentials is not a first create)', async () => {
    const { clientFor } = cloudFormationOf(() => {
      throw new Error('The security token included in the request is invalid');
    });
    await expect(isFirstCreate(prod, clientFor)).rejects.toThrow('security token');
  });

  it('turns termination protection on for both stacks once it succeeded', async () => {
    const cloudFormation = cloudFormationOf(() => ({}));
    await protectStacks(prod, cloudFormation.clientFor);
    expect(cloudFormation.inputsOf(UpdateTerminationProtectionCommand)).toEqual([
      { StackName: 'RenewalReminders-prod-edge', EnableTerminationProtection: true },
      { StackName: 'RenewalReminders-prod', EnableTerminationProtection: true },
    ]);
  });
});
