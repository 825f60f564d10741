import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { isFirstCreate, protectStacks } from '../../lib/deploy/firstCreate.ts';
import { contextOf, contextValue, stageTarget } from '../../lib/deploy/stageArgs.ts';

const cloudFormation = mockClient(CloudFormationClient);
const clientFor = () => new CloudFormationClient({ region: 'eu-west-2' });
const prod = stageTarget(contextOf(['-c', 'stage=prod', '--context', 'domain=example.com']));

beforeEach(() => cloudFormation.reset());

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
    cloudFormation
      .on(DescribeStacksCommand, { StackName: 'RenewalReminders-prod' })
      .rejects(new Error('Stack with id RenewalReminders-prod does not exist'))
      .on(DescribeStacksCommand, { StackName: 'RenewalReminders-prod-edge' })
      .resolves({ Stacks: [{ StackName: 'x', StackStatus: 'CREATE_COMPLETE', CreationTime: new Date() }] });
    expect(await isFirstCreate(prod, clientFor)).toBe(true);
  });

  it('is one after a create that rolled back, and not once both stacks were created', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'x', StackStatus: 'ROLLBACK_COMPLETE', CreationTime: new Date() }] });
    expect(await isFirstCreate(prod, clientFor)).toBe(true);
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'x', StackStatus: 'UPDATE_COMPLETE', CreationTime: new Date() }] });
    expect(await isFirstCreate(prod, clientFor)).toBe(false);
  });

  it('passes on errors other than a missing stack (no credentials is not a first create)', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .rejects(new Error('The security token included in the request is invalid'));
    await expect(isFirstCreate(prod, clientFor)).rejects.toThrow('security token');
  });

  it('turns termination protection on for both stacks once it succeeded', async () => {
    cloudFormation.on(UpdateTerminationProtectionCommand).resolves({});
    await protectStacks(prod, clientFor);
    expect(
      cloudFormation.commandCalls(UpdateTerminationProtectionCommand).map((c) => c.args[0].input),
    ).toEqual([
      { StackName: 'RenewalReminders-prod-edge', EnableTerminationProtection: true },
      { StackName: 'RenewalReminders-prod', EnableTerminationProtection: true },
    ]);
  });
});
