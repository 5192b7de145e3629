import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.js';
import { traced } from '../observability/tracer.js';
import { clientOptions } from './client-options.js';

let client: CognitoIdentityProviderClient | undefined;

/** The process-wide Cognito client, built on first use. */
export const cognito = (): CognitoIdentityProviderClient =>
  (client ??= traced(new CognitoIdentityProviderClient(clientOptions(config().endpoints.cognito))));
