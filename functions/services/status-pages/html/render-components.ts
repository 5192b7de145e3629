import type { PublicComponent, PublicDay, PublicGroup } from '../../../../shared/status-pages/public-page.js';
import { escapeHtml } from './escape-html.js';
import { formatDay, formatPercent } from './format-time.js';
import { COMPONENT_STATE_TEXT, DAY_STATE_TEXT, PAGE_TEXT } from './texts.js';

/**
 * The components of a status page, each with its state and its daily bars (docs/status-pages.md
 * "The public page"). A bar is a button, so hovering, tapping and keyboard focus all open its panel
 * (the day's date, uptime and incidents) with JavaScript off.
 */

/**
 * How many incidents a day's panel names: a flapping monitor can open dozens in a day, and the
 * panel would be a long list of one title (docs/status-pages.md "The HTML page").
 */
export const DAY_PANEL_INCIDENTS = 5;

/**
 * One day's bar. The panel is the button's own text (date, uptime, the worst state, the incidents),
 * hidden off-screen until the bar is hovered, tapped or focused, so screen readers and the panel
 * say the same and a 50-component page stays small (docs/status-pages.md "Caching").
 */
const renderDay = (day: PublicDay): string => {
  // A day spent wholly in maintenance has no uptime: it says "Maintenance." alone.
  const uptime = day.uptime === null ? '' : `${PAGE_TEXT.dayUptime(formatPercent(day.uptime))}.`;
  const state = day.state === 'operational' && day.incidents.length ? '' : `${DAY_STATE_TEXT[day.state]}.`;
  const named = day.incidents.slice(0, DAY_PANEL_INCIDENTS).map((incident) => `${escapeHtml(incident.title)}.`);
  const more = day.incidents.length - named.length;
  const lines = [[uptime, state].filter(Boolean).join(' '), ...named, ...(more > 0 ? [PAGE_TEXT.dayMoreIncidents(more)] : [])];
  // Lean markup, as 4,500 of these make up most of a 50-component page (docs/status-pages.md "The
  // HTML page"): an operational bar takes its colour from the list, and the panel is a bare span.
  const stateClass = day.state === 'operational' ? '' : ` s-${day.state}`;
  return `<li><button class="bar${stateClass}"><span><b>${formatDay(day.date)}</b> ${lines.join('<br>')}</span></button></li>`;
};

const renderComponent = (component: PublicComponent, headingLevel: 3 | 4): string => {
  const uptime = component.uptime_90d === null ? PAGE_TEXT.noUptimeYet : PAGE_TEXT.uptime90(formatPercent(component.uptime_90d));
  const days = component.days.map(renderDay).join('');
  return (
    `<article class="component" id="component-${escapeHtml(component.id)}">` +
    `<div class="component-head"><h${headingLevel} class="component-name">${escapeHtml(component.name)}</h${headingLevel}>` +
    `<p class="state s-${component.state}"><span class="dot" aria-hidden="true"></span>${COMPONENT_STATE_TEXT[component.state]}</p></div>` +
    `<ol class="bars" aria-label="${escapeHtml(PAGE_TEXT.barsLabel(component.name))}">${days}</ol>` +
    `<div class="axis"><span class="axis-90">${PAGE_TEXT.ninetyDaysAgo}</span><span class="axis-30">${PAGE_TEXT.thirtyDaysAgo}</span>` +
    `<span class="axis-uptime">${uptime}</span><span>${PAGE_TEXT.today}</span></div>` +
    `</article>`
  );
};

/** The groups in the order the page gives them; ungrouped components (name null) get no heading. */
export const renderComponents = (groups: readonly PublicGroup[]): string => {
  const visible = groups.filter((group) => group.components.length > 0);
  const body = visible.length
    ? visible
        .map((group) =>
          group.name === null
            ? `<div class="group">${group.components.map((component) => renderComponent(component, 3)).join('')}</div>`
            : `<div class="group"><h3 class="group-name">${escapeHtml(group.name)}</h3>${group.components.map((component) => renderComponent(component, 4)).join('')}</div>`,
        )
        .join('')
    : `<p class="empty">${PAGE_TEXT.noComponents}</p>`;
  return `<section class="components" aria-labelledby="components-heading"><h2 id="components-heading">${PAGE_TEXT.componentsHeading}</h2>${body}</section>`;
};
