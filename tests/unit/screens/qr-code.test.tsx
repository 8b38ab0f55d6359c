import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import QrCode from '../../../src/screens/sign-in/qr-code';

/** Rasterises the drawn QR code (unit squares of its one path) and reads it back as a phone would. */
function decode(svg: SVGElement): string | null {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, at, at + 3);
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe('the QR code of an authenticator setup', () => {
  it('carries the setup link exactly, and is labelled for screen readers', () => {
    const uri = 'otpauth://totp/Cannery:dana%40aldercounty.example?secret=KBU473BLZ6SRWKHEGCS4SXQCK46Z35AT&issuer=Cannery';
    render(<QrCode value={uri} label="QR code for your authenticator app" />);
    const svg = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(decode(svg as unknown as SVGElement)).toBe(uri);
  });

  it('draws a different code for a different link', () => {
    const { unmount } = render(<QrCode value="otpauth://totp/Cannery:a?secret=AAAA" label="first" />);
    const first = screen.getByRole('img', { name: 'first' }).querySelector('path')?.getAttribute('d');
    unmount();
    render(<QrCode value="otpauth://totp/Cannery:b?secret=BBBB" label="second" />);
    expect(screen.getByRole('img', { name: 'second' }).querySelector('path')?.getAttribute('d')).not.toBe(first);
  });
});
