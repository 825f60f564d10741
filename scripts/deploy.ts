/**
 * `npm run deploy -- -c stage=NAME [--allow-destroy]`: deploys every stack of the stage with the
 * settings of its file, stages/{stage}.json (lib/stages.ts). First it prepares a CloudFormation change
 * set per stack and refuses the deploy, changing nothing, when one would delete or replace a stateful
 * or domain resource, unless `--allow-destroy` is given (lib/deploy/guard.ts, decision 0048); then it
 * executes those change sets. For prod, whose stacks keep termination protection on, a first create
 * runs with it off (`-c firstCreate=true`) so that a failed create can roll back and delete itself;
 * protection is turned on once the create succeeds (docs/deploying.md).
 */
import { spawnSync } from 'node:child_process';
import { discardChangeSet, preparedChanges } from '../lib/deploy/changeSets.ts';
import { defaultClientFor, isFirstCreate, protectStacks } from '../lib/deploy/firstCreate.ts';
import { guardedDeploy, splitDeployArgs } from '../lib/deploy/guardedDeploy.ts';
import { argsContext, stageTarget } from '../lib/deploy/stageArgs.ts';

const { cdkArgs, allowDestroy } = splitDeployArgs(process.argv.slice(2));
const target = stageTarget(argsContext(cdkArgs));
const firstCreate = target.stage === 'prod' && (await isFirstCreate(target, defaultClientFor));
if (firstCreate)
  console.log(`First create of ${target.stage}: termination protection stays off until it succeeds.`);

const status = await guardedDeploy(
  target,
  [...cdkArgs, ...(firstCreate ? ['-c', 'firstCreate=true'] : [])],
  allowDestroy,
  `guarded-deploy-${Date.now()}`,
  {
    cdk: (args) => Promise.resolve(spawnSync('npx', ['cdk', ...args], { stdio: 'inherit' }).status ?? 1),
    prepared: (stack, name) => preparedChanges(defaultClientFor(stack.region), stack.name, name),
    discard: (stack, name) => discardChangeSet(defaultClientFor(stack.region), stack.name, name),
    log: (line) => console.log(line),
  },
);
if (status !== 0) {
  if (firstCreate) {
    console.error(
      'The first create failed. docs/deploying.md, "After a failed first create", says how to clean up.',
    );
  }
  process.exit(status);
}
if (firstCreate) {
  await protectStacks(target, defaultClientFor);
  console.log(`Termination protection is on for ${target.stacks.map((s) => s.name).join(' and ')}.`);
}
