import {
  type Change,
  type CloudFormationClient,
  DeleteChangeSetCommand,
  DescribeChangeSetCommand,
  type DescribeChangeSetCommandOutput,
} from '@aws-sdk/client-cloudformation';
import type { ChangeAction, ResourceChange } from './guard.ts';

/**
 * The resource changes of a change set `cdk deploy --method=prepare-change-set` made, nested stacks'
 * included (CDK creates them with IncludeNestedStacks): what the deploy guard decides on. Read-only.
 */

/** What a prepared change set holds: its changes, or nothing to do (none made, or it has no changes). */
export type Prepared = { changes: readonly ResourceChange[] } | 'none';

const isMissing = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ChangeSetNotFoundException' || /does not exist/.test(error.message));

/** CloudFormation marks a change set without changes FAILED, saying so. */
const hasNoChanges = (page: DescribeChangeSetCommandOutput) =>
  page.Status === 'FAILED' &&
  /didn't contain changes|No updates are to be performed/.test(page.StatusReason ?? '');

async function pages(
  client: CloudFormationClient,
  input: { ChangeSetName: string; StackName?: string },
): Promise<DescribeChangeSetCommandOutput[]> {
  const all: DescribeChangeSetCommandOutput[] = [];
  let NextToken: string | undefined;
  do {
    const page = await client.send(
      new DescribeChangeSetCommand({ ...input, NextToken, IncludePropertyValues: true }),
    );
    all.push(page);
    NextToken = page.NextToken;
  } while (NextToken);
  return all;
}

/** One change as the guard sees it: a Modify that needs a new resource (Replacement True or Conditional) is a Replace. */
export function resourceChange(stack: string, change: Change): ResourceChange | undefined {
  const r = change.ResourceChange;
  if (!r?.LogicalResourceId || !r.ResourceType || !r.Action) return undefined;
  const replaces = r.Action === 'Modify' && (r.Replacement === 'True' || r.Replacement === 'Conditional');
  const paths = (r.Details ?? []).flatMap((d) => (d.Target?.Path ? [d.Target.Path] : []));
  return {
    stack,
    logicalId: r.LogicalResourceId,
    type: r.ResourceType,
    action: replaces ? 'Replace' : (r.Action as ChangeAction),
    ...(paths.length > 0 ? { paths } : {}),
  };
}

/** The changes of the change set `name` of `stackName`, and of each nested stack's change set in it. */
export async function preparedChanges(
  client: CloudFormationClient,
  stackName: string,
  name: string,
): Promise<Prepared> {
  let first: DescribeChangeSetCommandOutput[];
  try {
    first = await pages(client, { ChangeSetName: name, StackName: stackName });
  } catch (error) {
    if (isMissing(error)) return 'none';
    throw error;
  }
  if (first[0] && hasNoChanges(first[0])) return 'none';
  const changes: ResourceChange[] = [];
  const visit = async (label: string, described: DescribeChangeSetCommandOutput[]): Promise<void> => {
    for (const change of described.flatMap((page) => page.Changes ?? [])) {
      const found = resourceChange(label, change);
      if (found) changes.push(found);
      const nested = change.ResourceChange?.ChangeSetId;
      if (nested && change.ResourceChange?.ResourceType === 'AWS::CloudFormation::Stack')
        await visit(
          `${label}/${change.ResourceChange.LogicalResourceId}`,
          await pages(client, { ChangeSetName: nested }),
        );
    }
  };
  await visit(stackName, first);
  return { changes };
}

/** Deletes a prepared change set that will not run (a refused deploy, or one without changes). */
export async function discardChangeSet(
  client: CloudFormationClient,
  stackName: string,
  name: string,
): Promise<void> {
  try {
    await client.send(new DeleteChangeSetCommand({ StackName: stackName, ChangeSetName: name }));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
