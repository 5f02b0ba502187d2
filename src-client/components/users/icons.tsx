/** The stroke icons of the admin tables, cards and forms. */
import { Icon, type IconProps } from '../Icon';

/** An icon of strokes and one circle. */
const withCircle = (d: string, cx: number, cy: number, r: number) => (p: IconProps) => (
  <Icon {...p} d={d}>
    <circle cx={cx} cy={cy} r={r} />
  </Icon>
);

export const EditIcon = (p: IconProps) => <Icon {...p} d={['M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4', 'M13.5 6.5l4 4']} />;

export const KeyIcon = withCircle('M10.8 12.2L19 4M16 7l3 3M14 9l2 2', 8, 15, 4);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p} d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);

export const LinkIcon = (p: IconProps) => <Icon {...p} d="M9 15l6-6M11 6l.5-.5a5 5 0 0 1 7 7L18 13M13 18l-.5.5a5 5 0 0 1-7-7L6 11" />;

export const PlusIcon = (p: IconProps) => <Icon {...p} d="M12 5v14M5 12h14" />;

export const SearchIcon = withCircle('M21 21l-6-6', 10, 10, 7);

export const ArrowUpIcon = (p: IconProps) => <Icon {...p} d="M12 19V5M6 11l6-6 6 6" />;

export const ArrowDownIcon = (p: IconProps) => <Icon {...p} d="M12 5v14M18 13l-6 6-6-6" />;

export const XIcon = (p: IconProps) => <Icon {...p} d="M18 6L6 18M6 6l12 12" />;

export const UserPlusIcon = withCircle('M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M19 8v6M16 11h6', 9, 8, 4);
