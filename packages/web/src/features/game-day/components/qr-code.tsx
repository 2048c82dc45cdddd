import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/** A QR code of `value`, drawn as SVG (uqr), sized to the phone's width. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const svg = useMemo(() => renderSVG(value, { ecc: 'M', border: 2 }), [value]);
  return (
    <div
      role="img"
      aria-label={label}
      className="mx-auto w-full max-w-72 bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
      // The SVG is uqr's own output for our token: no user markup reaches it.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
