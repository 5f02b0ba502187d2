/**
 * A team's logo, or its initials (src/initials.ts), on the staff's and the home page's cards: Mantine's
 * avatar. The projector and the ballot, which load no Mantine, draw `TeamBadge` instead.
 */
import { Avatar } from '@mantine/core';
import { initials } from '../../src/initials';

export function TeamAvatar({ name, logoUrl, size }: { name: string; logoUrl: string | null | undefined; size: number }) {
  return (
    <Avatar src={logoUrl || null} size={size} radius="xl" color="red" variant="light">
      {initials(name)}
    </Avatar>
  );
}
