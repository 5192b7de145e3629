import { describe, expect, it } from 'vitest';
import { SPA_MONITOR_TYPES, spaMonitorType } from '../../../frontend/src/components/monitor-types/index.js';
import { typeInput, typeValuesOf } from '../../../frontend/src/features/monitors/utils/monitor-type-values.js';
import { MONITOR_TYPES } from '../../../shared/monitors/monitor-types.js';
import { monitorTypeDefinition } from '../../../shared/monitors/types/index.js';

describe('the SPA monitor type registry (frontend/src/components/monitor-types/)', () => {
  it('has one entry per registered type, with fields wherever the url is not the target', () => {
    expect(Object.keys(SPA_MONITOR_TYPES).sort()).toEqual([...MONITOR_TYPES].sort());
    for (const type of MONITOR_TYPES) {
      expect(spaMonitorType(type).Fields === null, type).toBe(monitorTypeDefinition(type).address.kind === 'url');
    }
  });

  it('turns each type values into its API fields', () => {
    const values = typeValuesOf(null);
    expect(values).toMatchObject({ monitor_type: 'http', host: '', port: '', record_type: 'A', heartbeat_grace_seconds: '60' });
    expect(typeInput(values)).toEqual({});
    expect(typeInput({ ...values, monitor_type: 'tcp', host: ' db.example.com ', port: '5432' })).toEqual({ monitor_type: 'tcp', host: 'db.example.com', port: 5432 });
    expect(typeInput({ ...values, monitor_type: 'dns', hostname: 'example.com' })).toEqual({
      monitor_type: 'dns',
      hostname: 'example.com',
      record_type: 'A',
      expected_value: null,
    });
    expect(typeInput({ ...values, monitor_type: 'heartbeat', heartbeat_grace_seconds: '' })).toEqual({ monitor_type: 'heartbeat', heartbeat_grace_seconds: 0 });
  });
});
