import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * cognito-local with one thing it leaves out and Upwatch relies on (docs/security.md "Tokens and
 * sessions"): an app client's `ExplicitAuthFlows`. AWS refuses a password sign-in on a client that
 * does not allow its flow ("USER_PASSWORD_AUTH flow not enabled for this client"); cognito-local
 * takes any. Run as cognito-local's entry (parts/cognito.ts): its InitiateAuth and AdminInitiateAuth
 * targets are wrapped to refuse a password flow the client does not list, exactly as Cognito
 * answers, and then cognito-local starts as it always does. Refresh is left alone (Cognito always
 * allows it).
 */

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve('cognito-local/package.json'));

interface AppClient {
  ExplicitAuthFlows?: string[];
}
interface Services {
  cognito: { getAppClient(ctx: unknown, clientId: string): Promise<AppClient | null> };
}
type Target = (services: Services) => (ctx: unknown, req: { AuthFlow?: string; ClientId?: string }) => Promise<unknown>;

const { Targets } = require(path.join(root, 'lib/targets/targets.js')) as { Targets: Record<string, Target> };
const { InvalidParameterError } = require(path.join(root, 'lib/errors.js')) as { InvalidParameterError: new (message: string) => Error };

/**
 * The client settings that allow each password flow: Cognito's current name and its legacy one. A
 * client that lists no flows allows SRP, refresh and custom auth only, as on AWS.
 */
const PASSWORD_FLOW_SETTINGS: Record<string, readonly string[]> = {
  USER_PASSWORD_AUTH: ['ALLOW_USER_PASSWORD_AUTH', 'USER_PASSWORD_AUTH'],
  ADMIN_USER_PASSWORD_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
  ADMIN_NO_SRP_AUTH: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ADMIN_NO_SRP_AUTH'],
};

const withFlowCheck =
  (original: Target): Target =>
  (services) => {
    const run = original(services);
    return async (ctx, req) => {
      const settings = req.AuthFlow ? PASSWORD_FLOW_SETTINGS[req.AuthFlow] : undefined;
      if (settings && req.ClientId) {
        const client = await services.cognito.getAppClient(ctx, req.ClientId);
        if (client && !(client.ExplicitAuthFlows ?? []).some((flow) => settings.includes(flow))) {
          throw new InvalidParameterError(`${req.AuthFlow} flow not enabled for this client`);
        }
      }
      return run(ctx, req);
    };
  };

for (const name of ['InitiateAuth', 'AdminInitiateAuth']) {
  const original = Targets[name];
  if (!original) throw new Error(`cognito-local has no ${name} target to wrap`);
  Targets[name] = withFlowCheck(original);
}

require(path.join(root, 'lib/bin/start.js'));
