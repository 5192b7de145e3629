/**
 * The one HTTP client of the SPA. It adds the bearer token (from `lib/auth`), sends and reads JSON,
 * and turns an error response's `{ detail, code }` into an `ApiError`, so every screen can show the
 * server's text and fall back to its own (docs/product-rules.md "Error catalogue").
 *
 * Screens call routes by name (`callApi('listMonitors', { query })`, `apiPath('getIncident', { id })`
 * for an SWR key): the path, the method and which token to send come from the route table
 * (shared/api/routes.ts), the body, query and response types from shared/api/contract.ts.
 */
import type { RouteBody, RouteQuery, RouteResponse } from '@shared/api/contract.js';
import type { FieldProblem } from '@shared/errors.js';
import { matchRoute, ROUTES, type Route, type RouteDef, type RouteName } from '@shared/api/routes.js';
import { getConfig, loadConfig } from './config';
import { clearSession, getAccessToken, readAdminSession } from './auth';
import { reportWorkspaceLost, selectedWorkspace } from './workspace-selection';
import { WORKSPACE_HEADER } from '@shared/workspaces/roles.js';

export const NETWORK_ERROR_DETAIL = 'Network error. Please try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    /** The server's human text; null when the response carried none. */
    readonly detail: string | null,
    /** The field problems of a 400 (`errors`, e.g. `{ field: 'config.webhook_url', message }`), for showing under each field. */
    readonly fieldProblems: readonly FieldProblem[] = [],
  ) {
    super(detail ?? `Request failed (HTTP ${status})`);
    this.name = 'ApiError';
  }
}

/** The server's message for each field it refused (the first per field), keyed by its dotted name (`config.phone`). */
export const serverFieldErrors = (error: unknown): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const problem of error.fieldProblems) errors[problem.field] ??= problem.message;
  return errors;
};

/** The server's detail when there is one, else the screen's own message (docs/product-rules.md "Error catalogue"). */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.detail ? error.detail : fallback;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /**
   * Send the user's bearer token (default). Public calls such as login pass false; the admin panel
   * passes 'admin' to send the admin session's token (and never the user's).
   */
  auth?: boolean | 'admin';
  signal?: AbortSignal;
}

const buildUrl = (path: string, query?: Query): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${getConfig().apiUrl}${path}${search ? `?${search}` : ''}`;
};

const isFieldProblem = (value: unknown): value is FieldProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as FieldProblem).field === 'string' &&
  typeof (value as FieldProblem).message === 'string';

const readError = async (response: Response): Promise<ApiError> => {
  let detail: string | null = null;
  let code: string | null = null;
  let problems: FieldProblem[] = [];
  try {
    const body = (await response.json()) as { detail?: unknown; code?: unknown; errors?: unknown };
    if (typeof body.detail === 'string' && body.detail.trim()) detail = body.detail;
    if (typeof body.code === 'string') code = body.code;
    if (Array.isArray(body.errors)) problems = body.errors.filter(isFieldProblem);
  } catch {
    // not JSON (e.g. a proxy's error page): no server detail
  }
  return new ApiError(response.status, code, detail, problems);
};

/** Sends the request with the user's token; an error status becomes an `ApiError`. */
const send = async (method: string, path: string, options: RequestOptions, accept: string): Promise<Response> => {
  // A hydrated public page may ask before main.tsx has the configuration (and Amplify its settings).
  await loadConfig();
  const headers: Record<string, string> = { Accept: accept };
  // A FormData body (a file upload) goes as multipart/form-data: the browser sets that header,
  // with its boundary, itself.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // The workspace the screens show (docs/teams.md "Choosing a workspace"), on every call made with
  // the user's token; the server checks the membership and the role.
  const workspaceId = options.auth === true || options.auth === undefined ? selectedWorkspace() : null;
  if (workspaceId) headers[WORKSPACE_HEADER] = workspaceId;
  let response: Response;
  try {
    if (options.auth !== false) {
      const token = options.auth === 'admin' ? (readAdminSession()?.access_token ?? null) : await getAccessToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    // A caller's own abort or time limit is theirs to report, not a network failure.
    if (cause instanceof DOMException && (cause.name === 'AbortError' || cause.name === 'TimeoutError')) throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_DETAIL);
  }
  if (!response.ok) {
    const error = await readError(response);
    if (workspaceId && error.status === 404 && error.code === 'WORKSPACE_NOT_FOUND') reportWorkspaceLost(workspaceId);
    throw error;
  }
  return response;
};

export const request = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<T> => {
  const response = await send(method, path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

/** The file name of a `Content-Disposition: attachment; filename="..."` header, or null. */
export const attachmentFileName = (header: string | null): string | null => {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // a malformed encoded name: fall back to the plain one
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
};

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave the file (Content-Disposition); null when it gave none. */
  filename: string | null;
}

/** A GET whose answer is a file to save (e.g. the data export), with the server's file name. */
export const download = async (path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<DownloadedFile> => {
  const response = await send('GET', path, options, '*/*');
  return { blob: await response.blob(), filename: attachmentFileName(response.headers.get('content-disposition')) };
};

/** Requests by path: the layer under `callApi`. Screens call routes by name with `callApi`. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The `{param}` names of a route path, as an object of strings. */
type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : unknown;

type RouteOf<N extends RouteName> = Extract<RouteDef, { name: N }>;
type ParamsOf<N extends RouteName> = PathParams<RouteOf<N>['path']>;
type HasParams<N extends RouteName> = RouteOf<N>['path'] extends `${string}{${string}}${string}` ? true : false;

/** `apiPath`'s arguments after the name: the path parameters when the route has any. */
type ParamArgs<N extends RouteName> = HasParams<N> extends true ? [params: ParamsOf<N>] : [];

const routesByName = new Map<string, RouteDef>(ROUTES.map((route) => [route.name, route]));

const routeNamed = (name: RouteName): RouteDef => {
  const route = routesByName.get(name);
  if (!route) throw new Error(`No API route named ${name}`);
  return route;
};

/** The token a route's access asks for: none (public), the user's, or the admin session's. */
const authOf = (route: RouteDef): RequestOptions['auth'] => (route.access === 'public' ? false : route.access === 'admin' ? 'admin' : true);

/**
 * The path of the route `name`, its `{param}`s filled in (URI-encoded): what a call sends, and the
 * SWR key of the screen that shows its answer.
 */
export const apiPath = <N extends RouteName>(name: N, ...[params]: ParamArgs<N>): string =>
  routeNamed(name).path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = (params as Record<string, string> | undefined)?.[key];
    if (value === undefined) throw new Error(`API route ${name} needs the path parameter ${key}`);
    return encodeURIComponent(value);
  });

/** What a call of route `N` takes: its path parameters, body and query, each only when the route has one. */
export type CallInput<N extends RouteName> = (HasParams<N> extends true ? { params: ParamsOf<N> } : { params?: never }) &
  (RouteBody<N> extends undefined ? { body?: never } : { body: RouteBody<N> }) &
  ([RouteQuery<N>] extends [never] ? { query?: never } : { query?: RouteQuery<N> }) & { signal?: AbortSignal };

/** `callApi`'s input argument: optional when the route needs nothing. */
type CallArgs<N extends RouteName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/**
 * Calls the route `name` and returns its answer. The token follows the route's access: none for a
 * public route, the user's for a user route, the admin session's for an admin route. A 401 on a
 * signed-in route ends that session here, so the panel or the app falls back to its login at once:
 * the server answers 401 only when the token is no longer good (signed out elsewhere, deactivated;
 * docs/security.md "Tokens and sessions").
 */
export const callApi = async <N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<RouteResponse<N>> => {
  const route = routeNamed(name);
  const { params, body, query, signal } = (input ?? {}) as { params?: unknown; body?: unknown; query?: Query; signal?: AbortSignal };
  const path = apiPath(name, ...([params] as ParamArgs<N>));
  const auth = authOf(route);
  const options: RequestOptions = { auth, ...(body === undefined ? {} : { body }), ...(query ? { query } : {}), ...(signal ? { signal } : {}) };
  try {
    return await request<RouteResponse<N>>(route.method, path, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (auth === 'admin') clearSession('admin');
      if (auth === true) clearSession('user');
    }
    throw error;
  }
};

/** Downloads the file a GET route answers with (e.g. the data export), with the server's file name. */
export const downloadFrom = <N extends RouteName>(name: N, ...params: ParamArgs<N>): Promise<DownloadedFile> =>
  download(apiPath(name, ...params), { auth: authOf(routeNamed(name)) });

/** The GET route an SWR key (a path, or an array starting with one) reads; null for any other key. */
export const routeOfKey = (key: unknown): Route | null => {
  const path = Array.isArray(key) ? key[0] : key;
  if (typeof path !== 'string') return null;
  const found = matchRoute('GET', path);
  return 'route' in found ? found.route : null;
};
