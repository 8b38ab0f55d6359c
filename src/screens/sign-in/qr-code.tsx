import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path, dark modules on white whatever the theme (scanners need the
 * contrast). Loaded with the setup screen's lazy chunk, so the encoder never weighs on start-up.
 */
export default function QrCode(props: { value: string; label: string; size?: number }) {
  const { data, size } = encode(props.value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  const pixels = props.size ?? 176;
  return (
    <svg role="img" aria-label={props.label} width={pixels} height={pixels} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
