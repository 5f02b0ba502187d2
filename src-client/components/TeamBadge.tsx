/**
 * A team's logo, or its initials (the one rule in src/initials.ts) when it has none. The stage
 * (projector) draws a translucent circle sized to its rows; the ballot draws a coloured tile.
 */
import type { CSSProperties } from 'react';
import { initials } from '../../src/initials';
import classes from './TeamBadge.module.css';

export function TeamBadge({
  name,
  logoUrl,
  size,
  fontScale,
  shape = 'circle',
  background,
  lazy = false,
}: {
  name: string;
  logoUrl?: string | null;
  /** Width and height in pixels. */
  size: number;
  /** The letters' size as a share of `size`. */
  fontScale: number;
  shape?: 'circle' | 'tile';
  /** The initials' background (the ballot's colours); the circle's translucent one otherwise. */
  background?: string;
  /** Load the logo only when it scrolls near (a long ballot on a phone). */
  lazy?: boolean;
}) {
  const shapeClass = classes[shape];
  if (logoUrl) {
    return (
      <img
        className={`${classes.logo} ${shapeClass}`}
        src={logoUrl}
        alt=""
        width={Math.round(size)}
        height={Math.round(size)}
        style={{ width: size, height: size }}
        draggable={false}
        {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
      />
    );
  }
  const style: CSSProperties = { width: size, height: size, fontSize: size * fontScale };
  if (background) style.background = background;
  return (
    <span className={`${classes.initials} ${shapeClass}`} style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
