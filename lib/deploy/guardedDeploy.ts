import type { Prepared } from './changeSets.ts';
import { guardVerdict } from './guard.ts';
import type { StageTarget } from './stageArgs.ts';

/** The flag that lets a deploy delete or replace what the guard protects (lib/deploy/guard.ts). */
export const ALLOW_DESTROY = '--allow-destroy';

type Stack = StageTarget['stacks'][number];

/** What a guarded deploy does outside itself; scripts/deploy.ts gives the real ones, tests fakes. */
export interface DeploySteps {
  /** Runs the CDK CLI with these arguments and answers its exit status. */
  cdk(args: readonly string[]): Promise<number>;
  /** The changes of the stack's prepared change set (lib/deploy/changeSets.ts). */
  prepared(stack: Stack, changeSet: string): Promise<Prepared>;
  /** Deletes the stack's prepared change set. */
  discard(stack: Stack, changeSet: string): Promise<void>;
  log(line: string): void;
}

/** The deploy's own flag taken out of what goes to `cdk deploy` (which adds `--all` itself where it needs it). */
export function splitDeployArgs(argv: readonly string[]): { cdkArgs: string[]; allowDestroy: boolean } {
  return {
    cdkArgs: argv.filter((arg) => arg !== ALLOW_DESTROY && arg !== '--all'),
    allowDestroy: argv.includes(ALLOW_DESTROY),
  };
}

/**
 * `cdk deploy` in three steps: prepare a change set for every stack of the stage (nothing runs yet;
 * the assets are published), decide on their changes (guardVerdict), then execute exactly the change
 * sets that were checked, stack by stack in order. A refused deploy deletes its change sets and
 * changes nothing. Answers the exit status.
 */
export async function guardedDeploy(
  target: StageTarget,
  cdkArgs: readonly string[],
  allowDestroy: boolean,
  changeSet: string,
  steps: DeploySteps,
): Promise<number> {
  const prepare = await steps.cdk([
    'deploy',
    '--all',
    ...cdkArgs,
    '--method=prepare-change-set',
    '--change-set-name',
    changeSet,
  ]);
  if (prepare !== 0) return prepare;

  const prepared = new Map<Stack, Prepared>();
  for (const stack of target.stacks) prepared.set(stack, await steps.prepared(stack, changeSet));
  const changes = [...prepared.values()].flatMap((p) => (p === 'none' ? [] : p.changes));
  const verdict = guardVerdict(changes, allowDestroy);
  for (const line of verdict.lines) steps.log(line);

  if (!verdict.proceed) {
    for (const stack of target.stacks) await steps.discard(stack, changeSet);
    return 1;
  }
  for (const stack of target.stacks) {
    if (prepared.get(stack) === 'none') {
      steps.log(`${stack.name}: no changes.`);
      await steps.discard(stack, changeSet);
      continue;
    }
    const status = await steps.cdk([
      'deploy',
      stack.name,
      '--exclusively',
      ...cdkArgs,
      '--method=execute-change-set',
      '--change-set-name',
      changeSet,
    ]);
    if (status !== 0) return status;
  }
  return 0;
}
