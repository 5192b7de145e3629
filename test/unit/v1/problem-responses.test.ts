import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.js';
import { V1Problem } from '../../../shared/api/v1/schemas.js';
import { asProblem } from '../../../functions/api/v1/problem-responses.js';
import { errorResponse, ok } from '../../../functions/http/responses.js';

describe('the public API error shape', () => {
  it('turns an app error into a problem document keeping detail, code and the field errors', () => {
    const result = asProblem(errorResponse(new AppError('VALIDATION_FAILED', 'limit must be at most 100', [{ field: 'limit', message: 'limit must be at most 100' }])));
    expect(result.statusCode).toBe(400);
    expect(result.headers?.['content-type']).toBe('application/problem+json; charset=utf-8');
    const body = JSON.parse(result.body!) as unknown;
    expect(body).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'limit must be at most 100',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'limit', message: 'limit must be at most 100' }],
    });
    expect(V1Problem.safeParse(body).success).toBe(true);
  });

  it('names the status of a role refusal and a missing resource', () => {
    expect(JSON.parse(asProblem(errorResponse(new AppError('ROLE_NOT_ALLOWED', 'x'))).body!)).toMatchObject({ title: 'Forbidden', status: 403, code: 'ROLE_NOT_ALLOWED' });
    expect(JSON.parse(asProblem(errorResponse(new AppError('NOT_FOUND', 'Monitor not found'))).body!)).toMatchObject({ title: 'Not Found', status: 404, detail: 'Monitor not found' });
  });

  it('leaves a successful answer as it is', () => {
    const answer = ok({ data: [], next_cursor: null });
    expect(asProblem(answer)).toBe(answer);
  });
});
