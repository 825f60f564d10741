import { App } from 'aws-cdk-lib';
import { buildApp, synthChecks } from '../lib/app.ts';

// The CDK app (cdk.json "app"). Stage and options come from context: cdk synth -c stage=prod -c domain=…
// The first App only reads the CLI's context (`-c fast=true`), which the second one's props depend on.
const checks = synthChecks(new App({ autoSynth: false }).node.tryGetContext('fast'));
const app = new App({ builtinCloudFormationValidation: checks.builtinCloudFormationValidation });
buildApp(app, { nag: checks.nag });
app.synth();
