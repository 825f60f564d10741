/**
 * `npm run preflight -- -c stage=prod`: before a deploy, checks with read-only AWS calls what commonly
 * fails one (Lambda concurrency, the SES sandbox and identity, the certificates, the DVLA key's
 * secret, the Powertools layer's parameter in the region, DNS records the stack would create, and
 * credentials to ask with) and prints what to do. Reads the stage's settings as the deploy does
 * (stages/{stage}.json). Exits 1 when a check fails.
 */
import { App } from 'aws-cdk-lib';
import { readStageConfig } from '../lib/config.ts';
import { defaultClients, preflight } from '../lib/deploy/preflight.ts';
import { argsContext } from '../lib/deploy/stageArgs.ts';

const config = readStageConfig(
  new App({ autoSynth: false, context: argsContext(process.argv.slice(2)) }).node,
);
console.log(`Preflight of stage ${config.stage} in ${config.region}:`);
const findings = await preflight(config, defaultClients(config.region));
const marks = { ok: 'ok  ', warn: 'warn', hint: 'hint', fail: 'FAIL' } as const;
for (const f of findings) console.log(`  ${marks[f.status]}  ${f.check}: ${f.message}`);
if (findings.some((f) => f.status === 'fail')) process.exit(1);
