import { describe, expect, it } from 'vitest';
import { RETENTION_DEFAULTS } from '../../../src/api/contract/retention';
import { checkRetention, retentionFormOf } from '../../../src/admin/settings/retention-form';

describe('the retention form', () => {
  it('turns days typed and "Keep forever" into the policy, and back', () => {
    const values = retentionFormOf({ ...RETENTION_DEFAULTS, usageRecords: null });
    expect(values.usageRecords).toEqual({ forever: true, days: '' });
    expect(values.sessions).toEqual({ forever: false, days: '365' });
    expect(checkRetention({ ...values, mail: { forever: false, days: ' 14 ' } })).toEqual({ policy: { ...RETENTION_DEFAULTS, usageRecords: null, mail: 14 } });
  });

  it.each(['', '0', '3651', '1.5', '-3', 'ten'])('refuses %j days, at its field only', (days) => {
    const values = retentionFormOf(RETENTION_DEFAULTS);
    expect(checkRetention({ ...values, sessions: { forever: false, days } })).toEqual({ errors: { sessions: 'Enter a whole number of days from 1 to 3650, or check “Keep forever”.' } });
  });

  it('ignores the days of a kind kept forever', () => {
    const values = retentionFormOf(RETENTION_DEFAULTS);
    expect(checkRetention({ ...values, learnedEvidence: { forever: true, days: 'ten' } })).toEqual({ policy: { ...RETENTION_DEFAULTS, learnedEvidence: null } });
  });
});
