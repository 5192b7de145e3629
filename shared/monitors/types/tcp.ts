import { z } from 'zod';
import { isIpLiteral } from '../../checks/target-address.js';
import { kept, requiredProblem, type MonitorTypeDefinition } from './contract.js';
import { TCP_WORDING } from './tcp-wording.js';
import { HostText, isDomainName } from './fields.js';

/** `tcp`: a TCP connection to `host`:`port` completes within the timeout (docs/checks.md). */
export interface TcpTarget {
  type: 'tcp';
  host: string;
  port: number;
}

const LABEL = 'TCP port';

const input = z.object({
  host: HostText('Host')
    .refine((host) => isIpLiteral(host) || isDomainName(host), 'Host must be a domain name or an IP address, like db.example.com')
    .nullish(),
  port: z
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .nullish(),
});

const JobTarget = z.object({ type: z.literal('tcp'), host: z.string().min(1), port: z.number().int().min(1).max(65535) });

interface TcpView {
  host: string | null;
  port: number | null;
}

export const tcpType = {
  type: 'tcp',
  label: LABEL,
  input,
  resolve: (fields, was) => {
    const host = kept(fields.host, was?.host);
    const port = kept(fields.port, was?.port);
    if (!host) return requiredProblem('host', 'Host', LABEL);
    if (!port) return requiredProblem('port', 'Port', LABEL);
    return { target: { type: 'tcp', host, port } };
  },
  address: { kind: 'target', scheme: 'tcp', rest: ({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}` },
  saveGuard: { kind: 'host', hostOf: ({ host }) => ({ field: 'host', host }) },
  job: { kind: 'target', schema: JobTarget, of: ({ host, port }): z.infer<typeof JobTarget> => ({ type: 'tcp', host, port }) },
  // A stricter slow threshold is the one option that means something to a connection.
  checkOptions: ['max_response_time_ms'],
  view: { empty: { host: null, port: null }, of: ({ host, port }) => ({ host, port }) },
  // The network categories (refused, timeout, ...) are HTTP's, in failure-texts.ts.
  failureTexts: {},
  wording: TCP_WORDING,
  csvColumns: { host: 'text', port: 'number' },
  csvHelp: 'a tcp row leaves url empty and gives host and port',
} satisfies MonitorTypeDefinition<'tcp', TcpTarget, typeof input.shape, TcpView>;
