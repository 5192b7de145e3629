import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognito } from '../../../functions/clients/cognito.js';
import { createIdentity } from '../../../functions/repositories/identity-repository.js';

const send = vi.fn();
vi.mock('../../../functions/clients/cognito.js', () => ({ cognito: vi.fn() }));

beforeAll(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client' });
});

beforeEach(() => {
  send.mockReset();
  vi.mocked(cognito).mockReturnValue({ send } as never);
  send.mockImplementation(async (command: { constructor: { name: string } }) =>
    command.constructor.name === 'AdminCreateUserCommand' ? { User: { Attributes: [{ Name: 'sub', Value: 'user-1' }] } } : {},
  );
});

describe('createIdentity', () => {
  it('disables the new identity before it has a password, so no moment exists in which it could sign in', async () => {
    await expect(createIdentity({ email: 'asha@example.com', name: 'Asha', password: 'correct horse' })).resolves.toEqual({
      status: 'created',
      userId: 'user-1',
    });
    expect(send.mock.calls.map(([command]) => (command as object).constructor.name)).toEqual([
      'AdminCreateUserCommand',
      'AdminDisableUserCommand',
      'AdminSetUserPasswordCommand',
    ]);
  });
});
