import { createRequire } from 'node:module';

/** The answer of one call, as the document's validator needs it. */
export interface CheckedAnswer {
  method: string;
  /** The path template of the document (`/api/v1/monitors/{id}`). */
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

interface AjvLike {
  addSchema(schema: object, key: string): unknown;
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
}

// ajv with JSON Schema 2020-12, the dialect of OpenAPI 3.1, as the document validator installs it.
const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('@seriousme/openapi-schema-validator'));
const Ajv2020 = (requireFromValidator('ajv/dist/2020') as { default: new (opts: object) => AjvLike }).default;

const pointer = (...parts: string[]): string => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * A checker of answers against an OpenAPI 3.1 document (docs/api.md "The document"): the answer's
 * status must be documented for the operation, its content type must be the documented one, and
 * its body must match that response's schema, `$ref`s into the document's components included.
 */
export const responseChecker = (document: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }) => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document, 'openapi');
  return (answer: CheckedAnswer): void => {
    const method = answer.method.toLowerCase();
    const response = document.paths[answer.path]?.[method]?.responses[String(answer.status)];
    if (!response) throw new Error(`${answer.method} ${answer.path} answered ${answer.status}, which the document does not list`);
    const types = Object.keys(response.content ?? {});
    if (types.length === 0) {
      if (answer.body !== null && answer.body !== '') throw new Error(`${answer.method} ${answer.path} ${answer.status} has a body the document does not describe`);
      return;
    }
    const type = types.find((candidate) => answer.contentType?.startsWith(candidate));
    if (!type) throw new Error(`${answer.method} ${answer.path} ${answer.status} answered ${answer.contentType}, the document says ${types.join(', ')}`);
    const validate = ajv.compile({ $ref: `openapi#/${pointer('paths', answer.path, method, 'responses', String(answer.status), 'content', type, 'schema')}` });
    if (!validate(answer.body)) {
      throw new Error(`${answer.method} ${answer.path} ${answer.status} does not match the document: ${JSON.stringify(validate.errors)}`);
    }
  };
};
