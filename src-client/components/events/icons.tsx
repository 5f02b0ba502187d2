/** The stroke icons of the events screen. */
import { Icon, type IconProps } from '../Icon';

export const UploadIcon = (p: IconProps) => <Icon {...p} d={['M12 15V4', 'M7 9l5-5 5 5', 'M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4']} />;

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p} d={['M12 4v11', 'M7 10l5 5 5-5', 'M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4']} />
);

export const ArchiveIcon = (p: IconProps) => <Icon {...p} d={['M3 4h18v4H3z', 'M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8', 'M10 12h4']} />;

export const ReopenIcon = (p: IconProps) => <Icon {...p} d={['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5']} />;

export const StageIcon = (p: IconProps) => <Icon {...p} d="M7 4v16l13-8z" />;

export const MoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx={5} cy={12} r={1.5} fill="currentColor" />
    <circle cx={12} cy={12} r={1.5} fill="currentColor" />
    <circle cx={19} cy={12} r={1.5} fill="currentColor" />
  </Icon>
);
