/**
 * The frame every inline line icon shares (the project has no icon package): a 24-unit box stroked in
 * the text colour, hidden from screen readers. Each icon passes its shapes: `d`, one path each, and
 * any other shape as children; each set its own size and stroke.
 */
import type { SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height' | 'd'> {
  size?: number;
}

export function Icon({ size = 18, d = [], children, ...rest }: IconProps & { d?: string | readonly string[] }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...rest}
    >
      {children}
      {(typeof d === 'string' ? [d] : d).map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
