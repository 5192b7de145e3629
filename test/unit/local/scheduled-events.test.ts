import { describe, expect, it } from 'vitest';
import { jsonSampleEvent } from '../../../events/sample-event.js';
import { SweepEvent } from '../../../functions/scheduled/sweep-alert-outbox.js';
import { ReportEvent } from '../../../functions/scheduled/send-reports.js';
import { SCHEDULED_FUNCTIONS } from '../../../infra/event-sources.js';

describe('the events of the mail schedules', () => {
  it('reads the sample report events (events/scheduler) as the report job does', () => {
    expect(ReportEvent.parse(jsonSampleEvent('scheduler', 'daily-report'))).toEqual({ report: 'daily', scheduledTime: '2030-01-07T09:00:00Z' });
    expect(ReportEvent.parse(jsonSampleEvent('scheduler', 'weekly-report'))).toMatchObject({ report: 'weekly' });
    expect(SweepEvent.parse(jsonSampleEvent('scheduler', 'sweep-alert-outbox'))).toEqual({ scheduledTime: '2030-01-07T10:55:00Z' });
  });

  it('accepts what each schedule of infra/event-sources.ts sends, and refuses an unknown report or a bad time', () => {
    const scheduledTime = '2030-01-07T09:00:00Z';
    for (const row of SCHEDULED_FUNCTIONS.filter((candidate) => candidate.entry === 'functions/scheduled/send-reports.ts')) {
      for (const input of row.inputs) expect(() => ReportEvent.parse({ ...input, scheduledTime })).not.toThrow();
    }
    const sweeper = SCHEDULED_FUNCTIONS.find((row) => row.name === 'outbox-sweeper')!;
    expect(() => SweepEvent.parse({ ...sweeper.inputs[0], scheduledTime })).not.toThrow();
    expect(() => ReportEvent.parse({ report: 'monthly', scheduledTime })).toThrow();
    expect(() => ReportEvent.parse({ report: 'daily', scheduledTime: 'at nine' })).toThrow();
  });
});
