/** LOCAL_SCHEDULE_SECONDS: the local runtime's jobs at a test's pace instead of the schedule table's. */
import { describe, expect, it } from 'vitest';
import { scheduleOverrideMs } from '../../../scripts/local/schedules';

describe('LOCAL_SCHEDULE_SECONDS', () => {
  it('is unset by default (each job at its own rate) and in seconds when set', () => {
    expect(scheduleOverrideMs({})).toBeNull();
    expect(scheduleOverrideMs({ LOCAL_SCHEDULE_SECONDS: '' })).toBeNull();
    expect(scheduleOverrideMs({ LOCAL_SCHEDULE_SECONDS: '2' })).toBe(2000);
  });

  it('refuses anything under a second or not a number', () => {
    for (const raw of ['0', '0.5', '-3', 'fast'])
      expect(() => scheduleOverrideMs({ LOCAL_SCHEDULE_SECONDS: raw })).toThrow(/at least 1 second/);
  });
});
