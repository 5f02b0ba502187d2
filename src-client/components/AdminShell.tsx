/** The /user group's own frame: a header, and a side navigation over everything an admin prepares. */
// The admin screens use most of Mantine: all of its styles come with their frame (in Mantine's layer).
import '@mantine/core/styles.layer.css';
import { AppShell, Burger, Divider, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { QUESTION_SETS } from '../../src/constants';
import { appText } from '../../src/messages/app';
import { certificatesText } from '../../src/messages/certificates';
import { roundsUsed } from '../../src/rounds';
import { DocumentTitle } from '../hooks/useDocumentTitle';
import { useTRPC } from '../trpc';
import { Brand } from './Brand';
import { UserMenu } from './UserMenu';

interface NavItem {
  href: string;
  label: string;
}

const MAIN_ITEMS: NavItem[] = [
  { href: '/user/dashboard', label: appText.screenTitles.dashboard },
  { href: '/user/events', label: appText.screenTitles.events },
  { href: '/user', label: appText.screenTitles.users },
  { href: '/user/member', label: appText.screenTitles.members },
  { href: '/user/the-le', label: appText.screenTitles.rules },
  { href: '/user/certificates', label: certificatesText.title },
];

const QUESTION_SET_ITEMS: NavItem[] = QUESTION_SETS.map((set, index) => ({
  href: `/user/${set}`,
  label: appText.questionSetTitle(index + 1),
}));

function isActive(location: string, href: string): boolean {
  return location === href || (href !== '/user' && location.startsWith(`${href}/`));
}

export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [location] = useLocation();
  const trpc = useTRPC();
  // The question sets of the rounds the event on stage uses (all six until its settings arrive).
  const roundTitles = useQuery(trpc.settings.get.queryOptions()).data?.settings.roundTitles;
  const used = roundTitles ? new Set(roundsUsed(roundTitles)) : null;
  const setItems = used ? QUESTION_SET_ITEMS.filter((_, index) => used.has(index + 1)) : QUESTION_SET_ITEMS;

  const renderItem = (item: NavItem) => (
    <NavLink
      key={item.href}
      component={Link}
      href={item.href}
      label={item.label}
      active={isActive(location, item.href)}
      color="red"
      variant="light"
      onClick={close}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg" bg="gray.0">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={appText.toggleNavigation} />
            <Brand subtitle={appText.adminArea} />
          </Group>
          <UserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={appText.adminArea}>
        <AppShell.Section grow component={ScrollArea}>
          {MAIN_ITEMS.map(renderItem)}
          <Divider my="sm" />
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            {appText.questionSets}
          </Text>
          {setItems.map(renderItem)}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <DocumentTitle title={`${title} · ${appText.appName}`} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
