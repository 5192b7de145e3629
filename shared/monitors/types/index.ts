import type { z } from 'zod';
import type { MonitorTypeDefinition } from './contract.js';
import { dnsType } from './dns.js';
import { heartbeatType } from './heartbeat.js';
import { httpType } from './http.js';
import { tcpType } from './tcp.js';

/**
 * The monitor types, registered once (docs/checks.md "Adding a monitor type"). The order is the
 * order people see them in (the form's chooser, the API's "must be one of" message). The union
 * `MonitorType`, the stored `MonitorTarget`, the input fields, the view and the CSV columns all
 * derive from this list; the functions side and the SPA key their own registries by the union,
 * so a type registered here and missing there does not compile.
 */
export const MONITOR_TYPE_DEFINITIONS = {
  http: httpType,
  heartbeat: heartbeatType,
  tcp: tcpType,
  dns: dnsType,
} as const;

type Definitions = typeof MONITOR_TYPE_DEFINITIONS;
export type MonitorType = keyof Definitions;

// Each entry is registered under its own name (each module checks its own contract with `satisfies`).
MONITOR_TYPE_DEFINITIONS satisfies { [Type in MonitorType]: { type: Type } };
type AnyDefinition = MonitorTypeDefinition<MonitorType, { type: MonitorType } | undefined, z.ZodRawShape, object>;

/** The type of a monitor made by a call that does not name one, and of every stored monitor without a target. */
export const DEFAULT_MONITOR_TYPE = 'http' satisfies MonitorType;

export const MONITOR_TYPES = Object.keys(MONITOR_TYPE_DEFINITIONS) as [MonitorType, ...MonitorType[]];

type TargetOf<D> = D extends MonitorTypeDefinition<string, infer Target, z.ZodRawShape, object> ? Target : never;
type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** A stored target (`target` on the monitor item); absent for a type whose target is its url. */
export type MonitorTarget = Exclude<{ [Type in MonitorType]: TargetOf<Definitions[Type]> }[MonitorType], undefined>;

/** Every type's own input fields, merged (their names differ: a field belongs to one type). */
export type TypeFieldsShape = UnionToIntersection<{ [Type in MonitorType]: Definitions[Type]['input']['shape'] }[MonitorType]>;
export type TypeField = keyof TypeFieldsShape & string;

/** Every type's view fields, merged. */
// A field's type: its value from a target, or null (each module's `view`, which fits its View).
type ViewOf<D extends { view: { empty: object; of: (...args: never[]) => object } }> = {
  [Field in keyof D['view']['empty']]: D['view']['empty'][Field] | (Field extends keyof ReturnType<D['view']['of']> ? ReturnType<D['view']['of']>[Field] : never);
};
export type TypeViewFields = UnionToIntersection<{ [Type in MonitorType]: ViewOf<Definitions[Type]> }[MonitorType]>;

/** The target a job carries, for the types a checker runs (`job.kind` 'target'). */
type JobTargetOf<D> = D extends { job: { kind: 'target'; schema: z.ZodType<infer Job> } } ? Job : never;
export type JobTarget = { [Type in MonitorType]: JobTargetOf<Definitions[Type]> }[MonitorType];

const definitions = (): AnyDefinition[] => Object.values(MONITOR_TYPE_DEFINITIONS) as AnyDefinition[];

export const isMonitorType = (value: unknown): value is MonitorType => typeof value === 'string' && Object.hasOwn(MONITOR_TYPE_DEFINITIONS, value);

/** A type's definition; an unknown name is an error, never the default type. */
export const monitorTypeDefinition = (type: string): AnyDefinition => {
  if (!isMonitorType(type)) throw new Error(`Unknown monitor type "${type}" (registered: ${MONITOR_TYPES.join(', ')})`);
  return MONITOR_TYPE_DEFINITIONS[type] as AnyDefinition;
};

/** The type of a stored monitor: its target's, or the default for none. */
export const typeOfTarget = (target: MonitorTarget | undefined): MonitorType => target?.type ?? DEFAULT_MONITOR_TYPE;

/**
 * Whether a stored monitor's rounds are judged from what it pushes rather than checked: its type's
 * `job` is `none` (no checker runs it; the heartbeat's rounds are judged from its last ping). Such a
 * monitor gets no check job, has no response time, and has nothing to judge before its first ping.
 * An unregistered type is not (the dispatch refuses it as a job).
 */
export const judgedFromPings = (target: MonitorTarget | undefined): boolean => {
  const type = target?.type ?? DEFAULT_MONITOR_TYPE;
  return isMonitorType(type) && MONITOR_TYPE_DEFINITIONS[type].job.kind === 'none';
};

/** A type name as stored beside a monitor's data (an alert outbox entry): the default for none, or for a name no longer registered. */
export const storedMonitorType = (value: unknown): MonitorType => (isMonitorType(value) ? value : DEFAULT_MONITOR_TYPE);

/**
 * The `url` a monitor with a stored target carries (lists, incidents and alert mails show it): its
 * target in URL form, `tcp://host:port` and `dns://hostname`; a heartbeat has no target, so its id
 * (`heartbeat://<id>`), never its secret token.
 */
export const targetUrl = (target: MonitorTarget, monitorId: string): string => {
  const { address } = monitorTypeDefinition(target.type);
  if (address.kind !== 'target') throw new Error(`A ${target.type} monitor has no stored target to write as a url`);
  return `${address.scheme}://${address.rest(target, monitorId)}`;
};

/** The type a stored `url` names by its scheme (`tcp://`, `heartbeat://`: its `address.scheme`); any other url is the default type's. */
export const monitorTypeOfUrl = (url: string | null | undefined): MonitorType =>
  definitions().find(({ address }) => address.kind === 'target' && url?.startsWith(`${address.scheme}://`))?.type ?? DEFAULT_MONITOR_TYPE;

/** The type fields (other than `monitor_type`), in registration order, each with the type that owns it. */
export const TYPE_FIELD_OWNERS: ReadonlyMap<TypeField, MonitorType> = new Map(
  definitions().flatMap((definition) => Object.keys(definition.input.shape).map((field) => [field as TypeField, definition.type] as const)),
);

/** The merged input shape of every type's own fields. */
export const typeFieldsShape = (): TypeFieldsShape => Object.assign({}, ...definitions().map((definition) => definition.input.shape)) as TypeFieldsShape;

/** Every view field null: what a monitor shows for the fields of the other types. */
export const EMPTY_TYPE_VIEW = Object.assign({}, ...definitions().map((definition) => definition.view.empty)) as TypeViewFields;

/** How each type column of a CSV file is read. */
export const CSV_TYPE_COLUMNS = Object.assign({}, ...definitions().map((definition) => definition.csvColumns)) as Record<TypeField, 'text' | 'number'>;

/** The job target schemas of the types a checker runs (each an object with a literal `type`). */
export const JOB_TARGET_SCHEMAS = definitions().flatMap((definition) => (definition.job.kind === 'target' ? [definition.job.schema] : [])) as unknown as [
  z.ZodObject,
  ...z.ZodObject[],
];

/** Every type's failure texts, merged (each category belongs to one type). */
export type TypeFailureTexts = UnionToIntersection<{ [Type in MonitorType]: Definitions[Type]['failureTexts'] }[MonitorType]>;
export const TYPE_FAILURE_TEXTS = Object.assign({}, ...definitions().map((definition) => definition.failureTexts)) as TypeFailureTexts;

export { definitions as monitorTypeDefinitions };

/**
 * A monitor's address as alert mails and chat messages show it, label and value ("URL", "Port",
 * "Hostname"), in its type's words (`wording.address`); null for a heartbeat, whose
 * `heartbeat://<monitor id>` is internal (docs/checks.md "What each type's texts speak of").
 */
export const shownAddress = (monitorType: MonitorType, url: string): { label: string; value: string } | null =>
  monitorTypeDefinition(monitorType).wording.address(url);
