import { App } from 'aws-cdk-lib';
import { readAppSettings } from './app-settings.js';
import { buildApp } from './build-app.js';

// The CDK app (cdk.json runs this). Settings: docs/deploy.md.
const app = new App();
buildApp(app, readAppSettings(app.node));
app.synth();
