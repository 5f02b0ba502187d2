/** A QR code of a URL, drawn in the browser with the `qrcode` package. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrImage({ value, size, alt, testId }: { value: string; size: number; alt: string; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { width: size * 2, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } })
      .then((url) => {
        if (live) setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!src) return <div style={{ width: size, height: size }} />;
  return (
    <img src={src} width={size} height={size} alt={alt} data-testid={testId} style={{ display: 'block', imageRendering: 'pixelated' }} />
  );
}

/** The link without its scheme, for reading and typing. */
export function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '');
}
