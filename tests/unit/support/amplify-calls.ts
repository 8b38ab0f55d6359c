/**
 * Amplify's second-factor and device calls as fakes that answer like a pool where the user has no
 * authenticator and no device: for tests of `createAmplifyUserPool` that are about other calls.
 */
import { vi } from 'vitest';
import type { AmplifyAuthCalls } from '../../../src/auth/user-pool';

export function quietMfaCalls(): Pick<
  AmplifyAuthCalls,
  'rememberDevice' | 'fetchMFAPreference' | 'fetchUserAttributes' | 'setUpTOTP' | 'verifyTOTPSetup' | 'updateMFAPreference' | 'fetchDevices' | 'forgetDevice'
> {
  return {
    rememberDevice: vi.fn(() => Promise.resolve()),
    fetchMFAPreference: vi.fn(() => Promise.resolve({})),
    fetchUserAttributes: vi.fn(() => Promise.resolve({})),
    setUpTOTP: vi.fn(() =>
      Promise.resolve({ sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri: (app: string, account = '') => new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`) }),
    ),
    verifyTOTPSetup: vi.fn(() => Promise.resolve()),
    updateMFAPreference: vi.fn(() => Promise.resolve()),
    fetchDevices: vi.fn(() => Promise.resolve([])),
    forgetDevice: vi.fn(() => Promise.resolve()),
  };
}
