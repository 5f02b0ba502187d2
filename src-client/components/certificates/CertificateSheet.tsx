/**
 * The certificates to print (/user/certificates?print=giay-chung-nhan): one A4 landscape page per
 * prized team, then one per member of that team, laid out by src/certificateLayout.ts like the PDF.
 * A line too wide for its room shrinks until it fits.
 */
import { Loader } from '@mantine/core';
import { type CSSProperties, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { type CertificateLine, COLORS, certificateLines, certificatePages, FRAMES, LOGO_BOX } from '../../../src/certificateLayout';
import { certificatesText } from '../../../src/messages/certificates';
import type { TCertificates } from '../../../src/schemas/certificates';
import { PrintSheet } from '../results/PrintSheet';
import classes from './Certificates.module.css';
import { useCertificates } from './useCertificates';

const t = certificatesText;
/** The page is landscape and has no margin: every certificate draws its own frame. */
const PAGE_CSS = '@page { size: A4 landscape; margin: 0; }';

function Line({ line }: { line: CertificateLine }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const text = ref.current?.firstElementChild as HTMLElement | null;
    if (!ref.current || !text) return;
    text.style.fontSize = `${line.size}pt`;
    const room = ref.current.clientWidth;
    // The browser measures the text in the page's font; a name too long for the line shrinks to fit.
    if (text.scrollWidth > room) text.style.fontSize = `${(line.size * room) / text.scrollWidth}pt`;
  }, [line]);
  return (
    <div
      ref={ref}
      className={classes.line}
      style={
        {
          top: `${line.y}mm`,
          left: `${line.centerX - line.maxWidth / 2}mm`,
          width: `${line.maxWidth}mm`,
          '--line-color': line.color,
        } as CSSProperties
      }
      data-line={line.key}
    >
      <span className={line.underline ? classes.underline : undefined} style={{ fontWeight: line.bold ? 700 : 400 }}>
        {line.text}
      </span>
    </div>
  );
}

function Pages({ data }: { data: TCertificates }) {
  const today = new Date();
  return certificatePages(data).map((page) => (
    <section key={page.key} className={classes.page} data-testid="certificate" data-prize={page.prize}>
      {FRAMES.map((frame) => (
        <div
          key={frame.inset}
          className={classes.frame}
          style={{
            inset: `${frame.inset}mm`,
            borderWidth: `${frame.width}pt`,
            borderColor: COLORS.frame,
          }}
        />
      ))}
      {data.event.logoUrl && (
        <img
          className={classes.logo}
          src={data.event.logoUrl}
          alt=""
          style={{ left: `${LOGO_BOX.x}mm`, top: `${LOGO_BOX.y}mm`, width: `${LOGO_BOX.width}mm`, height: `${LOGO_BOX.height}mm` }}
        />
      )}
      {certificateLines(data, page, today).map((line) => (
        <Line key={line.key} line={line} />
      ))}
    </section>
  ));
}

export function CertificateSheet() {
  const [, navigate] = useLocation();
  const list = useCertificates();
  return (
    <PrintSheet onClose={() => navigate('/user/certificates')} closeLabel={t.back} testId="certificates-sheet">
      <style>{PAGE_CSS}</style>
      {list.data ? (
        <Pages data={list.data} />
      ) : (
        <div className={classes.page} style={{ height: 'auto', padding: '30mm', textAlign: 'center' }}>
          {list.refusal ? <p>{list.refusal}</p> : <Loader color="gray" />}
        </div>
      )}
    </PrintSheet>
  );
}
