/**
 * For the screenshot scripts (test/e2e/capture-*.ts) that start their own local cloud: a small JSON
 * caller of its API, and a signed-in account made the way a person makes one (register, the mailed
 * verification link, sign in).
 */

export type ApiCall = <T>(path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<T>;

/** Calls the API at `baseUrl` with JSON; a non-2xx answer throws with its body. */
export const apiCaller =
  (baseUrl: string): ApiCall =>
  async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} -> ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

/** Registers, verifies through the link the local SES at `sesUrl` received, and signs in. */
export const registerAndSignIn = async (
  call: ApiCall,
  sesUrl: string,
  account: { name: string; email: string; password: string },
): Promise<{ access_token: string; user: { id: string } }> => {
  await call('/api/auth/register', { method: 'POST', body: account });
  let verify = '';
  for (let i = 0; i < 60 && !verify; i++) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: { body: { text?: string } }[] };
    verify = /\/verify-email\?token=([\w-]+)/.exec(store.emails.map((m) => m.body.text ?? '').join('\n'))?.[1] ?? '';
    if (!verify) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await call(`/api/auth/verify-email?token=${verify}`, { method: 'POST' });
  return call('/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
};
