// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeDevice } from '../../../src/domain/device-name';
import { authenticatorCodeDigits, validateAuthenticatorCode } from '../../../src/domain/form-validation';

describe('authenticator codes', () => {
  it('takes 6 digits, with the space or dash authenticator apps show in the middle', () => {
    expect(authenticatorCodeDigits('123456')).toBe('123456');
    expect(authenticatorCodeDigits(' 123 456 ')).toBe('123456');
    expect(authenticatorCodeDigits('123-456')).toBe('123456');
    for (const bad of ['', '12345', '1234567', '12345a', '١٢٣٤٥٦', '123\u0000456']) expect(authenticatorCodeDigits(bad)).toBeNull();
  });

  it('asks for a missing code and explains a malformed one', () => {
    expect(validateAuthenticatorCode({ code: '  ' })).toEqual({ code: 'Enter the 6-digit code from your authenticator app.' });
    expect(validateAuthenticatorCode({ code: '12 34' })).toEqual({ code: 'The code is 6 digits, as your authenticator app shows it.' });
    expect(validateAuthenticatorCode({ code: '654 321' })).toEqual({});
  });
});

describe('remembered device names', () => {
  it('reads the browser and the system out of a user agent', () => {
    const agents: Array<[string, string]> = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'Safari on macOS'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 'Chrome on Android'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36', 'Chrome on Linux'],
      // Client hints, as Chromium browsers name themselves when they can.
      ['macOS 14.2.1 arm macOS Not A(Brand/99.0.0.0;Google Chrome/121.0.6167.160;Chromium/121.0.6167.160', 'Chrome on macOS'],
      ['Windows 15.0.0 x86 Windows Microsoft Edge/131.0.2903.51;Chromium/131.0.6778.70;Not_A Brand/24.0.0.0', 'Edge on Windows'],
      ['Linux 6.1.0 x86 Linux Chromium/131.0.6778.33;Not_A Brand/24.0.0.0', 'Chrome on Linux'],
    ];
    for (const [agent, label] of agents) expect(describeDevice(agent)).toBe(label);
  });

  it('keeps any other name, and names a nameless device', () => {
    expect(describeDevice('Front desk laptop')).toBe('Front desk laptop');
    expect(describeDevice('  ')).toBe('Unnamed device');
  });
});
