/**
 * Draws Cannery's add-in icons (a white can on a blue rounded square) and writes them as PNGs to
 * `hosts/public/assets/icon-<size>.png` (copied into the web build as /assets/), the sizes the Outlook manifest names,
 * and the unified app package's two (manifest-office/: `color.png`, 192 px, and `outline.png`, 32 px,
 * the can alone in white on transparent, as Microsoft 365 asks). Run with
 * `npx tsx scripts/make-icons.ts`; the output is committed, so this only reruns when the design changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const SIZES = [16, 32, 64, 80, 128] as const;
const OUT_DIR = join(import.meta.dirname, '..', 'hosts', 'public', 'assets');
/** Samples per pixel along each axis, for smooth edges without a drawing library. */
const SUPERSAMPLE = 4;

type Rgba = readonly [number, number, number, number];
const TRANSPARENT: Rgba = [0, 0, 0, 0];
const BRAND_BLUE: Rgba = [15, 108, 189, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const LID: Rgba = [207, 228, 250, 255];
const LABEL: Rgba = [40, 134, 222, 255];

/** The colour at a point of the unit square (0..1 both ways, y downwards). */
function colourAt(x: number, y: number): Rgba {
  if (!insideRoundedSquare(x, y, 0.2)) return TRANSPARENT;
  return canAt(x, y) ?? BRAND_BLUE;
}

/** The outline icon: the can's silhouette in white, nothing else. */
function outlineAt(x: number, y: number): Rgba {
  return canAt(x, y) ? WHITE : TRANSPARENT;
}

/** The can's colour at a point, or undefined outside it. */
function canAt(x: number, y: number): Rgba | undefined {
  const cx = 0.5;
  const halfWidth = 0.24;
  const top = 0.3;
  const bottom = 0.72;
  const rimHeight = 0.075;
  const inEllipse = (cy: number, scale: number) =>
    ((x - cx) / (halfWidth * scale)) ** 2 + ((y - cy) / (rimHeight * scale)) ** 2 <= 1;
  if (inEllipse(top, 0.78)) return LID;
  const inBody = Math.abs(x - cx) <= halfWidth && y >= top && y <= bottom;
  if (inEllipse(top, 1) || inEllipse(bottom, 1) || inBody) {
    return inBody && y >= 0.46 && y <= 0.58 ? LABEL : WHITE;
  }
  return undefined;
}

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  const dx = Math.max(radius - x, 0, x - (1 - radius));
  const dy = Math.max(radius - y, 0, y - (1 - radius));
  return dx * dx + dy * dy <= radius * radius;
}

/** Rows of RGBA pixels, each prefixed with PNG filter type 0 (none). */
function rasterise(size: number, paint: (x: number, y: number) => Rgba): Buffer {
  const stride = size * 4 + 1;
  const pixels = Buffer.alloc(stride * size);
  for (let row = 0; row < size; row += 1) {
    pixels[row * stride] = 0;
    for (let column = 0; column < size; column += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
        for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
          const colour = paint((column + (sx + 0.5) / SUPERSAMPLE) / size, (row + (sy + 0.5) / SUPERSAMPLE) / size);
          // Premultiply so transparent samples do not darken the edge.
          const alpha = colour[3] / 255;
          sum[0] = (sum[0] ?? 0) + colour[0] * alpha;
          sum[1] = (sum[1] ?? 0) + colour[1] * alpha;
          sum[2] = (sum[2] ?? 0) + colour[2] * alpha;
          sum[3] = (sum[3] ?? 0) + alpha;
        }
      }
      const coverage = sum[3] ?? 0;
      const offset = row * stride + 1 + column * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = coverage === 0 ? 0 : Math.round((sum[channel] ?? 0) / coverage);
      }
      pixels[offset + 3] = Math.round((coverage / SUPERSAMPLE ** 2) * 255);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** Encodes a square RGBA image: signature, IHDR, one IDAT, IEND. */
function encodePng(size: number, paint: (x: number, y: number) => Rgba = colourAt): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rasterise(size, paint), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(OUT_DIR, { recursive: true });
for (const size of SIZES) {
  const file = join(OUT_DIR, `icon-${size}.png`);
  writeFileSync(file, encodePng(size));
  console.log(`wrote ${file}`);
}
const PACKAGE_DIR = join(import.meta.dirname, '..', 'manifest-office');
for (const [name, size, paint] of [['color.png', 192, colourAt], ['outline.png', 32, outlineAt]] as const) {
  const file = join(PACKAGE_DIR, name);
  writeFileSync(file, encodePng(size, paint));
  console.log(`wrote ${file}`);
}
