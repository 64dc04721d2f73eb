/**
 * Draws a QR code of `text` as SVG (crisp at any size, printable).
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { encodeQr } from './qrEncode';

export interface QrCodeProps {
  /** what the code encodes */
  text: string;
  /** edge length in px; default 128 */
  size?: number;
  /** accessible name */
  label: string;
}

export function QrCode({ text, size = 128, label }: QrCodeProps) {
  const { t } = useLingui();
  const drawn = useMemo(() => {
    let m: boolean[][];
    try {
      m = encodeQr(text);
    } catch {
      return null;
    }
    let d = '';
    m.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x + 4} ${y + 4}h1v1h-1z`)));
    return { path: d, count: m.length + 8 };
  }, [text]);
  if (!drawn) return <span role="alert">{t`The QR code cannot be drawn`}</span>;
  const { path, count } = drawn;
  return (
    <svg
      role="img"
      aria-label={label}
      data-qr-text={text}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
