import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import type { StageTarget } from './stageArgs.ts';

/** A CloudFormation client per region (tests hand in mocked ones). */
export type ClientFor = (region: string) => CloudFormationClient;
export const defaultClientFor: ClientFor = (region) => new CloudFormationClient({ region });

/**
 * Whether a stack has never been created successfully: it does not exist, or its only create
 * failed and rolled back (ROLLBACK_COMPLETE, which CloudFormation can only delete).
 */
export async function neverCreated(client: CloudFormationClient, stackName: string): Promise<boolean> {
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const status = Stacks?.[0]?.StackStatus;
    return status === undefined || status === 'ROLLBACK_COMPLETE' || status === 'REVIEW_IN_PROGRESS';
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message)) return true;
    throw error;
  }
}

/** Whether any stack of the stage is still to be created (the deploy then passes `-c firstCreate=true`). */
export async function isFirstCreate(target: StageTarget, clientFor: ClientFor): Promise<boolean> {
  const answers = await Promise.all(target.stacks.map((s) => neverCreated(clientFor(s.region), s.name)));
  return answers.some(Boolean);
}

/** After a first create succeeded: termination protection on for every stack of the stage. */
export async function protectStacks(target: StageTarget, clientFor: ClientFor): Promise<void> {
  for (const s of target.stacks) {
    await clientFor(s.region).send(
      new UpdateTerminationProtectionCommand({ StackName: s.name, EnableTerminationProtection: true }),
    );
  }
}
