/**
 * /user/certificates: the prize rules and the signer, the prized teams from the locked ranking, and
 * `?print=giay-chung-nhan`, the certificates to print (one A4 landscape page each).
 */
import { Stack, Text, Title } from '@mantine/core';
import { useSearch } from 'wouter';
import { certificatesText } from '../../src/messages/certificates';
import { CertificateList } from '../components/certificates/CertificateList';
import { CertificateSheet } from '../components/certificates/CertificateSheet';
import { PrizeRulesForm } from '../components/certificates/PrizeRulesForm';

export default function CertificatesPage() {
  const print = new URLSearchParams(useSearch()).get('print');
  if (print === 'giay-chung-nhan') return <CertificateSheet />;
  return (
    <Stack gap="lg" maw={1320} data-testid="certificates-page">
      <div>
        <Title order={1} size="h2">
          {certificatesText.title}
        </Title>
        <Text c="dimmed" size="sm">
          {certificatesText.pageHint}
        </Text>
      </div>
      <PrizeRulesForm />
      <CertificateList />
    </Stack>
  );
}
