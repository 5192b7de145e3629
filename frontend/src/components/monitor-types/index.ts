import type { MonitorType } from '@shared/monitors/monitor-types.js';
import { monitorTypeDefinition } from '@shared/monitors/types/index.js';
import type { SpaMonitorType } from './contract';
import { dnsSpaType } from './dns';
import { heartbeatSpaType } from './heartbeat';
import { httpSpaType } from './http';
import { tcpSpaType } from './tcp';

/**
 * The SPA's monitor types, one entry per type registered in shared/monitors/types/ (a missing one
 * does not compile; docs/checks.md "Adding a monitor type"). The form, the cards and the detail
 * page look their type up here instead of branching on its name.
 */
export const SPA_MONITOR_TYPES = {
  http: httpSpaType,
  heartbeat: heartbeatSpaType,
  tcp: tcpSpaType,
  dns: dnsSpaType,
  // Each module checks its entry against SpaMonitorType (its own `satisfies`); here, that every type has one.
} satisfies Record<MonitorType, Pick<SpaMonitorType<Record<never, string>>, 'hint' | 'timed' | 'intervalLabel' | 'valuesOf'>>;

type SpaTypes = typeof SPA_MONITOR_TYPES;
type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** The form values of every type (the form keeps them all, so switching type back keeps what was typed). */
export type TypeFormValues = UnionToIntersection<{ [Type in MonitorType]: ReturnType<SpaTypes[Type]['valuesOf']> }[MonitorType]>;

/** A type's SPA entry, its values typed loosely: the form holds every type's values. */
export const spaMonitorType = (type: MonitorType): SpaMonitorType<Record<string, string>> =>
  SPA_MONITOR_TYPES[type] as unknown as SpaMonitorType<Record<string, string>>;

/** Whether the monitor's target is its URL field (HTTP), and whether it takes the Advanced part's options. */
export const targetIsUrl = (type: MonitorType): boolean => monitorTypeDefinition(type).address.kind === 'url';
export const takesAllOptions = (type: MonitorType): boolean => monitorTypeDefinition(type).checkOptions === 'all';
