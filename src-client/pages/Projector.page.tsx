/** /screen and /screen2: the projectors' dark 16:9 stage. Read-only; filled in by a later issue. */
import { Box, Center, Image, Stack, Text, Title } from '@mantine/core';
import { messages } from '../../src/messages';
import { useSystemState } from '../hooks/useSystemState';

export default function ProjectorPage({ which }: { which: 'screen' | 'screen2' }) {
  const { system } = useSystemState();
  const title = messages.screenTitles[which];
  return (
    <Box
      mih="100vh"
      c="white"
      style={{ background: 'radial-gradient(circle at 50% 35%, #7a1010 0%, #2b0a0a 55%, #120404 100%)', userSelect: 'none' }}
      data-testid={which}
    >
      <title>{`${title} · ${messages.appName}`}</title>
      <Center mih="100vh" p="5vmin">
        <Stack align="center" gap="3vmin" ta="center">
          <Image src="/logo.svg" alt="" w="18vmin" h="18vmin" />
          <Title order={1} fz="7vmin" fw={900} lh={1.1}>
            {messages.appName}
          </Title>
          <Text fz="3.6vmin" fw={700} c="yellow.4">
            {system.title}
          </Text>
          <Text fz="2.4vmin" opacity={0.75}>
            {title} · {messages.underConstruction}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
