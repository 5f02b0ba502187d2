/** The pen of the rules and the scoring sheet (its nib rounder than the user table's). */
import { Icon, type IconProps } from '../Icon';

export const EditIcon = (p: IconProps) => <Icon {...p} d={['M4 20h4L18.5 9.5a2.12 2.12 0 0 0-4-4L4 16z', 'M13.5 6.5l4 4']} />;
