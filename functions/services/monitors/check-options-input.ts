import { AppError } from '../../../shared/errors.js';
import { mergeCheckOptions, withSealedSecrets } from '../../../shared/monitors/check-option-merge.js';
import { checkOptionsProblem } from '../../../shared/monitors/check-option-rules.js';
import type { CheckOptions, CheckOptionsInput } from '../../../shared/monitors/check-options.js';
import { monitorSecretContext, sealSecret } from '../../secrets/envelope.js';

/**
 * The check options to store for a monitor after a create or update (docs/checks.md): merged with
 * the stored ones, new secrets sealed for this monitor (functions/secrets/envelope.ts), and every
 * rule between the fields checked. A problem is 400 `VALIDATION_FAILED` naming its field.
 * Undefined when nothing is set: a plain check.
 */
export const storableCheckOptions = async (opts: {
  monitorId: string;
  stored: CheckOptions | undefined;
  input: Partial<CheckOptionsInput>;
  timeoutSeconds: number;
}): Promise<CheckOptions | undefined> => {
  const merged = mergeCheckOptions(opts.stored, opts.input);
  const refuse = ({ field, message }: { field: string; message: string }): never => {
    throw new AppError('VALIDATION_FAILED', message, [{ field, message }]);
  };
  if ('problem' in merged) return refuse(merged.problem);
  const context = monitorSecretContext(opts.monitorId);
  const sealed = await Promise.all(merged.newSecrets.map((secret) => sealSecret(secret.plain, context)));
  const options = withSealedSecrets(merged.options, merged.newSecrets, sealed);
  const problem = checkOptionsProblem(options, opts.timeoutSeconds);
  if (problem) refuse(problem);
  return Object.keys(options).length ? options : undefined;
};
