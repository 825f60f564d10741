import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app.ts';

// The CDK app (cdk.json "app"). Stage and options come from context: cdk synth -c stage=prod -c domain=…
const app = new App();
buildApp(app);
app.synth();
