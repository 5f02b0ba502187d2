/** The front page's inline line icons. */
import { Icon, type IconProps } from '../Icon';

export const CalendarIcon = (p: IconProps) => (
  <Icon size={22} {...p} d="M16 3v4M8 3v4M3 11h18">
    <rect x="3" y="5" width="18" height="16" rx="2" />
  </Icon>
);

export const PinIcon = (p: IconProps) => (
  <Icon size={22} {...p} d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z">
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);
