import { App } from 'aws-cdk-lib';
import { buildApp, synthChecks } from '../lib/app.ts';
import { stageContext } from '../lib/stages.ts';

// The CDK app (cdk.json "app"): `cdk synth -c stage=prod`. A stage's settings come from its file,
// stages/{stage}.json (lib/stages.ts); run options (fast, firstCreate, …) from the command line.
// The first App only reads the CLI's context, which the second one's props depend on.
const cli = new App({ autoSynth: false }).node.getAllContext() as Record<string, unknown>;
const context = stageContext(cli);
const checks = synthChecks(context.fast);
// The CLI's context still applies on top of `context`; stageContext refused any setting it differs on.
const app = new App({ context, builtinCloudFormationValidation: checks.builtinCloudFormationValidation });
buildApp(app, { nag: checks.nag });
app.synth();
