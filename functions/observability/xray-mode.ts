/**
 * Whether the X-Ray SDK loads in its automatic mode, decided before it loads (tracer.ts imports
 * this first). In automatic mode the SDK, as it loads, enables an async hook (cls-hooked) that
 * runs on the creation and the destruction of every promise of the process, so that a segment can
 * follow the work in hand. Where tracing is off (the local cloud, tests: Powertools turns it off
 * outside Lambda, or with POWERTOOLS_TRACE_ENABLED=false) nothing ever asks for a segment, and that
 * hook was a seventh of the result processor's CPU (docs/PERFORMANCE.md "Where the CPU of a check
 * goes"). There the SDK starts in manual mode, which enables no hook. On Lambda with tracing on,
 * nothing changes. The rule is Powertools Tracer's own.
 */
const tracingOff = process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === 'false' || !process.env.AWS_EXECUTION_ENV;
if (tracingOff) process.env.AWS_XRAY_MANUAL_MODE ??= '1';
