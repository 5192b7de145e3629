import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alertDigest } from '../../../functions/services/alerts/storm-rules.js';
import { ALERT_EVENT_TYPES, digestWebhookPayload, webhookPayload, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../shared/alerts/events.js';
import { ALERTS_BY_TYPE, APP_URL, sampleAlert, slowAlert, slowResolvedAlert } from '../functions/alerts/channels/fixtures.js';

/**
 * The JSON Schemas of docs/alerts.md "Events and payloads" hold for what a webhook receives: for
 * each event type, the payload Upwatch sends has every property the schema requires, of the type
 * (and constant or choice) it names. A small check of `required`, `type`, `const`, `enum` and
 * `items`, enough to keep the page and the code from drifting apart.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PAGE = fs.readFileSync(path.join(ROOT, 'docs/alerts.md'), 'utf8');

interface Schema {
  title?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** The schemas among the page's JSON code blocks: the blocks with a `$schema`. */
const schemasOfPage = (): Schema[] =>
  [...PAGE.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .filter((block) => typeof block.$schema === 'string') as Schema[];

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const matchesType = (value: unknown, type: string): boolean => type === typeOf(value) || (type === 'number' && typeOf(value) === 'integer');

/** Every way `value` breaks `schema`, as "path: problem". */
const problems = (schema: Schema, value: unknown, at = '$'): string[] => {
  const found: string[] = [];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => matchesType(value, type))) found.push(`${at}: ${typeOf(value)}, not ${types.join(' or ')}`);
  }
  if ('const' in schema && value !== schema.const) found.push(`${at}: ${JSON.stringify(value)}, not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) found.push(`${at}: ${JSON.stringify(value)}, not one of ${JSON.stringify(schema.enum)}`);
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) found.push(`${at}.${key}: missing`);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (key in object) found.push(...problems(property, object[key], `${at}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => found.push(...problems(schema.items!, item, `${at}[${i}]`)));
  return found;
};

describe('docs/alerts.md "Events and payloads"', () => {
  const schemas = schemasOfPage();
  const schemaOf = (type: WebhookEventType): Schema | undefined => schemas.find((schema) => schema.properties?.type?.const === type);

  it('has one JSON Schema for each event type and the storm digest', () => {
    expect(schemas.map((schema) => schema.properties?.type?.const).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it('describes the incident.digest payload Upwatch sends, with each event in it as it would have been alone', () => {
    const schema = schemaOf('incident.digest')!;
    expect(schema.title).toBe('incident.digest');
    const members = [ALERTS_BY_TYPE['incident.opened'](), slowAlert(), ALERTS_BY_TYPE['incident.resolved'](), ALERTS_BY_TYPE['monitor.ssl_invalid']()];
    const payload = JSON.parse(JSON.stringify(digestWebhookPayload(alertDigest(members, APP_URL))));
    expect(payload.type).toBe('incident.digest');
    expect(payload.data.events).toHaveLength(4);
    expect(problems(schema, payload)).toEqual([]);
    for (const event of payload.data.events as { type: WebhookEventType }[]) expect(problems(schemaOf(event.type)!, event), event.type).toEqual([]);
  });

  it.each(ALERT_EVENT_TYPES)('describes the %s payload Upwatch sends', (type) => {
    const schema = schemaOf(type)!;
    expect(schema.title).toBe(type);
    const payload = JSON.parse(JSON.stringify(webhookPayload(ALERTS_BY_TYPE[type]())));
    expect(payload.type).toBe(type);
    expect(problems(schema, payload)).toEqual([]);
  });

  it('describes the slow transitions and the Settings page\'s test too', () => {
    for (const alert of [slowAlert(), slowResolvedAlert(), sampleAlert()]) {
      const payload = JSON.parse(JSON.stringify(webhookPayload(alert)));
      expect(problems(schemaOf(alert.type)!, payload), `${alert.type} (${alert.transition})`).toEqual([]);
    }
  });

  it('notices a payload that lacks a required field or has the wrong type', () => {
    const schema = schemaOf('incident.opened')!;
    const payload = JSON.parse(JSON.stringify(webhookPayload(ALERTS_BY_TYPE['incident.opened']())));
    delete payload.data.incident.message;
    payload.data.test = 'no';
    expect(problems(schema, payload)).toEqual(['$.data.test: string, not boolean', '$.data.incident.message: missing']);
  });

  it('shows an example payload that fits its schema', () => {
    const example = [...PAGE.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((match) => JSON.parse(match[1]!) as { type?: WebhookEventType; $schema?: string })
      .find((block) => !block.$schema && block.type);
    expect(example?.type).toBe('incident.opened');
    expect(problems(schemaOf('incident.opened')!, example)).toEqual([]);
  });
});
