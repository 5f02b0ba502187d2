/** The ranked teams with their prizes and members, and the ways to print them: the browser's print view and the single PDF. */
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { certificatePages } from '../../../src/certificateLayout';
import { certificatesText } from '../../../src/messages/certificates';
import { formatPoint } from '../../../src/valueFormat';
import { rankLabel } from '../results/util';
import { useCertificates } from './useCertificates';

const t = certificatesText;

export function CertificateList() {
  const list = useCertificates();
  const count = list.data ? certificatePages(list.data).length : 0;
  const ranks = list.data?.teams.map((team) => team.rank) ?? [];
  return (
    <Paper withBorder p="md" radius="md" data-testid="certificate-list">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t.listTitle}
          </Title>
          {list.data && (
            <Group gap="xs">
              <Text size="sm" c="dimmed" data-testid="certificate-count">
                {t.certificateCount(count)}
              </Text>
              <Button
                component={Link}
                href="/user/certificates?print=giay-chung-nhan"
                color="red"
                disabled={count === 0}
                data-testid="print-certificates"
              >
                {t.print}
              </Button>
              <Button
                component="a"
                href="/api/certificates.pdf"
                variant="default"
                disabled={count === 0}
                data-testid="download-certificates"
              >
                {t.downloadPdf}
              </Button>
            </Group>
          )}
        </Group>
        {list.refusal && (
          <Alert color="orange" variant="light" data-testid="certificates-refused">
            {list.refusal}
          </Alert>
        )}
        {list.data && count === 0 && <Text c="dimmed">{t.noPrizes}</Text>}
        {list.data && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t.rank}</Table.Th>
                  <Table.Th>{t.team}</Table.Th>
                  <Table.Th w={110}>{t.total}</Table.Th>
                  <Table.Th w={150}>{t.prize}</Table.Th>
                  <Table.Th>{t.members}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.teams.map((team) => (
                  <Table.Tr key={team.teamId} data-testid="certificate-row" data-team={team.name}>
                    <Table.Td data-testid="certificate-rank">{rankLabel(team.rank, ranks)}</Table.Td>
                    <Table.Td fw={600}>{team.name}</Table.Td>
                    <Table.Td>{formatPoint(team.total)}</Table.Td>
                    <Table.Td data-testid="certificate-prize">
                      {team.prize ? (
                        <Badge color={team.prize === 'khuyenKhich' ? 'gray' : 'red'} variant="light">
                          {t.prizes[team.prize]}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          {t.noPrize}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{team.members.join(', ')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
