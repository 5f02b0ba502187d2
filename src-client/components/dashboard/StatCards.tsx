/** The counts at the top of the dashboard: teams, users by role, question sets per round, rules, scoring fields. */
import { Card, Group, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { QUESTION_SETS, ROLES } from '../../../src/constants';
import { appText } from '../../../src/messages/app';
import { dashboardText } from '../../../src/messages/dashboard';
import { formatNumber } from '../../../src/valueFormat';
import { useTRPC } from '../../trpc';

const t = dashboardText;
const SETS = [1, 2, 3, 4, 5, 6] as const;

interface StatCardProps {
  stat: string;
  label: string;
  value: number | undefined;
  href?: string;
  children?: ReactNode;
}

function StatCard({ stat, label, value, href, children }: StatCardProps) {
  const card = (
    <Card withBorder radius="lg" padding="md" shadow="xs" h="100%" data-testid="stat-card" data-stat={stat}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={36} w={56} my={4} />
      ) : (
        <Text fz={34} fw={900} lh={1.2} c="red.8">
          {formatNumber(value)}
        </Text>
      )}
      <Text size="xs" c="dimmed" lh={1.5} component="div">
        {children ?? '\u00a0'}
      </Text>
    </Card>
  );
  if (!href) return card;
  return (
    <UnstyledButton component={Link} href={href} display="block" h="100%">
      {card}
    </UnstyledButton>
  );
}

export function StatCards() {
  const trpc = useTRPC();
  const teams = useQuery(trpc.team.all.queryOptions());
  const users = useQuery(trpc.user.all.queryOptions({ partial: true }));
  const rules = useQuery(trpc.rules.all.queryOptions());
  const fields = useQuery(trpc.scoreField.all.queryOptions());
  const sets = useQueries({ queries: SETS.map((set) => trpc.questionSet.list.queryOptions({ set })) });

  const teamItems = teams.data?.items;
  const userList = users.data?.list;
  const fieldItems = fields.data?.items;
  const setCounts = sets.map((q) => q.data?.items.length);
  const allSetsLoaded = setCounts.every((n) => n !== undefined);

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" data-testid="stat-cards">
      <StatCard stat="teams" label={t.statTeams} value={teamItems?.length} href="/user/member">
        {teamItems && t.activeTeams(teamItems.filter((team) => team.active).length)}
      </StatCard>
      <StatCard stat="users" label={t.statUsers} value={userList?.length} href="/user">
        {userList && ROLES.map((role) => t.roleCount(appText.roleNames[role], userList.filter((u) => u.role === role).length)).join(' · ')}
      </StatCard>
      <StatCard
        stat="question-sets"
        label={t.statQuestionSets}
        value={allSetsLoaded ? setCounts.reduce<number>((sum, n) => sum + (n ?? 0), 0) : undefined}
        href={`/user/${QUESTION_SETS[0]}`}
      >
        {allSetsLoaded && (
          <Group gap={8} component="span" wrap="wrap">
            {setCounts.map((n, index) => (
              <Text key={SETS[index]} component="span" size="xs" c={n ? 'dark' : 'dimmed'}>
                {t.roundShort(index + 1)}: <b>{n}</b>
              </Text>
            ))}
          </Group>
        )}
      </StatCard>
      <StatCard stat="rules" label={t.statRules} value={rules.data?.items.length} href="/user/the-le">
        {t.rulesOnHome}
      </StatCard>
      <StatCard stat="score-fields" label={t.statScoreFields} value={fieldItems?.length}>
        {fieldItems &&
          t.fieldKinds(fieldItems.filter((f) => f.kind === 'judges').length, fieldItems.filter((f) => f.kind === 'answers').length)}
      </StatCard>
    </SimpleGrid>
  );
}
