import type { ImpactLevel } from '../incidents/updates.js';
import { OVERALL_STATE_TEXT, type OverallState } from './schemas.js';

/**
 * How the public page says how things are now (docs/status-pages.md "The public page"): each
 * component's state, and the banner over the whole page.
 */

/** Worst last: the banner is the worst component state, in this order. */
const SEVERITY: readonly OverallState[] = ['operational', 'maintenance', 'degraded', 'partial_outage', 'major_outage'];

export const severityOf = (state: OverallState): number => SEVERITY.indexOf(state);

export const worstOf = <S extends OverallState>(states: readonly S[], none: S): S =>
  states.reduce((worst, state) => (severityOf(state) > severityOf(worst) ? state : worst), none);

/** An impact level as the state it gives a component. */
export const IMPACT_STATE: Readonly<Record<ImpactLevel, 'degraded' | 'partial_outage' | 'major_outage'>> = {
  degraded: 'degraded',
  partial: 'partial_outage',
  major: 'major_outage',
};

/** What the checks say of a component's monitor now (its state item). A paused monitor keeps its last state. */
export interface MonitorNow {
  /** Null before the first check: nothing is known to be wrong. */
  isUp: boolean | null;
  /** Up but slower than its slow threshold: the dashboard's Degraded. */
  slow: boolean;
  /** Inside a maintenance window now. */
  inMaintenance: boolean;
}

/**
 * A component's state now: the owner's impact on an open incident, when there is one, overrides
 * the checks; inside a maintenance window it is under maintenance; else down is a major outage,
 * slow is degraded, anything else operational.
 */
export const componentState = (monitor: MonitorNow, ownerImpact: ImpactLevel | null): OverallState => {
  if (ownerImpact) return IMPACT_STATE[ownerImpact];
  if (monitor.inMaintenance) return 'maintenance';
  if (monitor.isUp === false) return 'major_outage';
  return monitor.slow ? 'degraded' : 'operational';
};

/** One component as the banner weighs it. */
export interface WeighedComponent {
  state: OverallState;
  /** Its state comes from an owner's impact, not from the checks. */
  byOwner: boolean;
}

/**
 * The banner: the worst component state, except that a major outage the checks found on some
 * components while others are not down reads as a partial outage for the page as a whole. Only an
 * owner's "major" impact, or every component down, makes the page a major outage. A page without
 * components is operational.
 */
export const overallState = (components: readonly WeighedComponent[]): { state: OverallState; text: string } => {
  let state = worstOf(
    components.map((component) => component.state),
    'operational' as OverallState,
  );
  if (state === 'major_outage') {
    const allDown = components.every((component) => component.state === 'major_outage');
    const ownerSaysMajor = components.some((component) => component.byOwner && component.state === 'major_outage');
    if (!allDown && !ownerSaysMajor) state = 'partial_outage';
  }
  return { state, text: OVERALL_STATE_TEXT[state] };
};
