import type { accentPalette } from './accent-colour.js';

/**
 * The status page's own CSS, inline and framework-free (docs/status-pages.md "The public page").
 * State colours: `--c` is the text and banner colour (4.5:1 or more against white), `--b` the bar's
 * fill; a bar without a state class is an operational day (the list's own `--b`), the most common
 * kind, so a 50-component page carries 4,500 fewer class names. Below 640 px a component shows its last 30 bars only, so each stays wide enough to tap.
 */
export const PAGE_STYLES = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f8fafc}
a{color:var(--accent-text)}
h1,h2,h3,h4,p{margin:0}
.wrap{max-width:880px;margin:0 auto;padding:0 16px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:8px;top:-40px;background:#fff;color:#111827;padding:8px;z-index:9}
.skip:focus{top:8px}
.top{background:var(--accent);color:var(--on-accent);padding:28px 0 24px}
.top .wrap{display:flex;gap:16px;align-items:center}
.logo{max-height:48px;max-width:160px;background:#fff;border-radius:6px;padding:4px}
.top h1{font-size:1.75rem;line-height:1.2}
.top p{margin-top:4px}
main.wrap{padding-top:24px;padding-bottom:24px}
section{margin-top:32px}
h2{font-size:1.25rem;margin-bottom:12px}
.s-operational{--c:#15803d;--b:#22c55e}.s-degraded{--c:#a16207;--b:#eab308}.s-partial_outage{--c:#c2410c;--b:#f97316}
.s-major_outage{--c:#b91c1c;--b:#dc2626}.s-maintenance{--c:#1d4ed8;--b:#3b82f6}.s-no_data{--c:#4b5563;--b:#d1d5db}
.banner{background:var(--c);color:#fff;border-radius:10px;padding:18px 20px;display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:8px}
.banner-text{font-size:1.375rem;font-weight:700}
.group,.incident,.maintenance{background:#fff;border:1px solid #e5e7eb;border-radius:10px;margin-bottom:16px}
.group{padding:4px 20px}
.group-name{font-size:1.05rem;padding-top:14px}
.component{padding:16px 0;border-bottom:1px solid #e5e7eb}
.component:last-child{border-bottom:0}
.component-head{display:flex;justify-content:space-between;align-items:baseline;gap:12px;margin-bottom:10px}
.component-name{font-size:1rem}
.state{color:var(--c);font-weight:600;font-size:.95rem;white-space:nowrap}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;background:var(--b);margin-right:6px}
.bars{display:flex;gap:2px;list-style:none;margin:0;padding:0;height:34px;--b:#22c55e}
.bars>li{flex:1;position:relative;min-width:0}
.bar{display:block;width:100%;height:100%;border:0;border-radius:2px;padding:0;background:var(--b);cursor:pointer;font:inherit;color:inherit}
.bar:hover,.bar:focus{outline:2px solid #111827;outline-offset:1px}
.bar>span{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bar:hover>span,.bar:focus>span{clip:auto;overflow:visible;white-space:normal;width:15rem;height:auto;top:40px;left:50%;transform:translateX(-50%);z-index:3;background:#111827;color:#fff;border-radius:8px;padding:10px 12px;font-size:.875rem;text-align:left;box-shadow:0 6px 20px rgba(0,0,0,.25)}
.bar b{display:block}
.bars>li:nth-child(-n+12) .bar>span{left:0;transform:none}.bars>li:nth-last-child(-n+12) .bar>span{left:auto;right:0;transform:none}
.axis{display:flex;justify-content:space-between;gap:8px;color:#4b5563;font-size:.8rem;margin-top:6px}
.axis-30{display:none}
.empty,.muted{color:#4b5563}
.incident-list,.maintenance-list,.updates{list-style:none;margin:0;padding:0}
.incident,.maintenance{padding:16px 20px}
.incident-open{border-color:#f59e0b}
.incident-title,.maintenance h3{font-size:1.05rem}
.tag{font-size:.75rem;font-weight:700;border-radius:999px;padding:2px 8px;margin-left:6px;vertical-align:middle;white-space:nowrap}
.tag-open{background:#fef3c7;color:#92400e}.tag-resolved{background:#dcfce7;color:#166534}
.incident-components,.incident-when,.maintenance-when{color:#4b5563;font-size:.9rem;margin-top:4px}
.update{border-left:3px solid #e5e7eb;padding:2px 0 2px 12px;margin-top:12px}
.update-body p,.update-body ul,.update-body ol{margin:4px 0}
.update-body code{background:#f3f4f6;border-radius:4px;padding:0 4px}
footer.wrap{color:#4b5563;font-size:.875rem;padding-top:8px;padding-bottom:32px}
footer.wrap p{margin:0 0 6px}
@media (max-width:640px){
.top{padding:20px 0 16px}.top h1{font-size:1.4rem}
.group,.incident,.maintenance{padding-left:14px;padding-right:14px}
.bars{gap:3px}
.bars>li:nth-child(-n+60){display:none}
.bars>li:nth-child(n+61):nth-child(-n+72) .bar>span{left:0;transform:none}
.axis-90{display:none}.axis-30{display:inline}
.component-head{flex-direction:column;gap:2px}
}`;

/** The page's accent colours as CSS variables: a second, per-page style block. */
export const accentStyles = (palette: ReturnType<typeof accentPalette>): string =>
  `:root{--accent:${palette.accent};--on-accent:${palette.onAccent};--accent-text:${palette.accentText}}`;
