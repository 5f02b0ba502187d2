/** The pad's inline line icons (no icon font: many phones in a hall are offline or old), a little bolder. */
import { Icon, type IconProps } from '../Icon';

type Shape = IconProps & { d?: string | readonly string[] };
const PadIcon = (p: Shape) => <Icon size={20} strokeWidth={2.2} {...p} />;

export const ClockIcon = (p: IconProps) => (
  <PadIcon {...p} d="M12 7v5l3 2">
    <circle cx="12" cy="12" r="9" />
  </PadIcon>
);

export const CheckIcon = (p: IconProps) => <PadIcon {...p} strokeWidth={3} d="M5 12.5l4.5 4.5L19 7.5" />;

export const LockIcon = (p: IconProps) => (
  <PadIcon {...p} d="M8 11V8a4 4 0 0 1 8 0v3">
    <rect x="5" y="11" width="14" height="10" rx="2" />
  </PadIcon>
);

export const BlockIcon = (p: IconProps) => (
  <PadIcon {...p} d="M6 6l12 12">
    <circle cx="12" cy="12" r="9" />
  </PadIcon>
);

export const LinkOffIcon = (p: IconProps) => (
  <PadIcon
    {...p}
    d={['M9 15l-2 2a3.5 3.5 0 0 1-5-5l3-3a3.5 3.5 0 0 1 4.5-.4', 'M15 9l2-2a3.5 3.5 0 0 1 5 5l-3 3a3.5 3.5 0 0 1-4.5.4', 'M3 3l18 18']}
  />
);
