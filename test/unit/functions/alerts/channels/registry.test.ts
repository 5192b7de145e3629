import { describe, expect, it } from 'vitest';
import { CHANNEL_SENDERS, senderOf } from '../../../../../functions/services/alerts/channels/index.js';
import { CHANNEL_TYPES } from '../../../../../shared/alerts/channels/index.js';

describe('CHANNEL_SENDERS', () => {
  it('has one sender for each channel type, keyed by its own type', () => {
    expect(Object.keys(CHANNEL_SENDERS).sort()).toEqual([...CHANNEL_TYPES].sort());
    for (const type of CHANNEL_TYPES) {
      expect(senderOf(type).type).toBe(type);
      expect(typeof senderOf(type).send).toBe('function');
    }
  });
});
