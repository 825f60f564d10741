/**
 * `npm run deploy -- -c stage=NAME …`: `cdk deploy --all` with the given arguments. For prod, whose
 * stacks keep termination protection on, a first create runs with it off (`-c firstCreate=true`):
 * CloudFormation can then roll a failed create back and delete the stack, and the next attempt
 * starts clean. Once the create succeeds, protection is turned on here (docs/deploying.md).
 */
import { spawnSync } from 'node:child_process';
import { defaultClientFor, isFirstCreate, protectStacks } from '../lib/deploy/firstCreate.ts';
import { stageTarget } from '../lib/deploy/stageArgs.ts';

const args = process.argv.slice(2);
const target = stageTarget(args);
const firstCreate = target.stage === 'prod' && (await isFirstCreate(target, defaultClientFor));
if (firstCreate)
  console.log(`First create of ${target.stage}: termination protection stays off until it succeeds.`);

const deploy = spawnSync(
  'npx',
  ['cdk', 'deploy', '--all', ...args, ...(firstCreate ? ['-c', 'firstCreate=true'] : [])],
  {
    stdio: 'inherit',
  },
);
if (deploy.status !== 0) {
  if (firstCreate) {
    console.error(
      'The first create failed. docs/deploying.md, "After a failed first create", says how to clean up.',
    );
  }
  process.exit(deploy.status ?? 1);
}
if (firstCreate) {
  await protectStacks(target, defaultClientFor);
  console.log(`Termination protection is on for ${target.stacks.map((s) => s.name).join(' and ')}.`);
}
