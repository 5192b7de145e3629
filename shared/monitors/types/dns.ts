import { z } from 'zod';
import { isIpLiteral } from '../../checks/target-address.js';
import { kept, requiredProblem, type MonitorTypeDefinition } from './contract.js';
import { DNS_WORDING } from './dns-wording.js';
import { HostText, isDomainName } from './fields.js';

/** `dns`: `hostname` has records of `record_type`, containing `expected_value` when given (docs/checks.md). */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const EXPECTED_VALUE_MAX = 500;

export interface DnsTarget {
  type: 'dns';
  hostname: string;
  record_type: DnsRecordType;
  expected_value?: string;
}

const LABEL = 'DNS record';

const input = z.object({
  hostname: HostText('Hostname')
    .refine((name) => !isIpLiteral(name) && isDomainName(name), 'Hostname must be a domain name, like example.com')
    .nullish(),
  record_type: z
    .string({ error: `record_type must be one of ${DNS_RECORD_TYPES.join(', ')}` })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(DNS_RECORD_TYPES, { error: `record_type must be one of ${DNS_RECORD_TYPES.join(', ')}` }))
    .nullish(),
  expected_value: z
    .string({ error: 'Expected value must be text' })
    .trim()
    .min(1, 'Expected value cannot be empty')
    .max(EXPECTED_VALUE_MAX, `Expected value is too long (${EXPECTED_VALUE_MAX} characters at most)`)
    .nullish(),
});

const JobTarget = z.object({
  type: z.literal('dns'),
  hostname: z.string().min(1),
  record_type: z.enum(DNS_RECORD_TYPES),
  expected_value: z.string().optional(),
});

interface DnsView {
  hostname: string | null;
  record_type: DnsRecordType | null;
  expected_value: string | null;
}

export const dnsType = {
  type: 'dns',
  label: LABEL,
  input,
  resolve: (fields, was) => {
    const hostname = kept(fields.hostname, was?.hostname);
    if (!hostname) return requiredProblem('hostname', 'Hostname', LABEL);
    const expected = kept(fields.expected_value, was?.expected_value);
    return {
      target: {
        type: 'dns',
        hostname,
        record_type: fields.record_type ?? was?.record_type ?? 'A',
        ...(expected !== undefined ? { expected_value: expected } : {}),
      },
    };
  },
  address: { kind: 'target', scheme: 'dns', rest: ({ hostname }) => hostname },
  saveGuard: { kind: 'host', hostOf: ({ hostname }) => ({ field: 'hostname', host: hostname }) },
  job: {
    kind: 'target',
    schema: JobTarget,
    of: ({ hostname, record_type, expected_value }): z.infer<typeof JobTarget> => ({
      type: 'dns',
      hostname,
      record_type,
      ...(expected_value !== undefined ? { expected_value } : {}),
    }),
  },
  // A stricter slow threshold is the one option that means something to a lookup.
  checkOptions: ['max_response_time_ms'],
  view: {
    empty: { hostname: null, record_type: null, expected_value: null },
    of: ({ hostname, record_type, expected_value }) => ({ hostname, record_type, expected_value: expected_value ?? null }),
  },
  failureTexts: {
    dns_mismatch: {
      userImpact: 'HIGH',
      impactDescription: 'Your domain name points somewhere other than you expect, so people, mail or apps may be sent to the wrong place.',
      explanation:
        "The DNS lookup worked, but none of the records it returned contains the value this monitor expects. Someone may have changed the DNS records, a change may still be spreading, or the domain's settings were altered at your registrar or DNS provider.",
      recommendedAction:
        "Compare the records at your DNS provider with what they should be. If you changed them on purpose, update the monitor's expected value; if you did not, check who has access to your DNS and registrar accounts.",
      reason: 'its DNS records do not contain the expected value',
    },
  },
  wording: DNS_WORDING,
  csvColumns: { hostname: 'text', record_type: 'text', expected_value: 'text' },
  csvHelp: `a dns row gives hostname and record_type (${DNS_RECORD_TYPES.join(', ').replace(/, (\w+)$/, ' or $1')}; default A) and may give expected_value`,
} satisfies MonitorTypeDefinition<'dns', DnsTarget, typeof input.shape, DnsView>;
