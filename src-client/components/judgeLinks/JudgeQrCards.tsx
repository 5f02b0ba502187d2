/**
 * "In thẻ QR giám khảo": after a confirmation, issues a fresh link for every judge and opens a
 * printable A4 sheet of cards (name, username, QR code, link), 2 × 3 to a page.
 */
import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { judgeLinksText } from '../../../src/messages/judgeLinks';
import { useTRPC, useTRPCClient } from '../../trpc';
import { confirmDanger } from '../confirmDanger';
import { notifyError } from '../notify';
import { PrintSheet, sheetClasses } from '../results/PrintSheet';
import classes from './QrCards.module.css';
import { QrImage, shortUrl } from './QrImage';

const t = judgeLinksText;
const PER_PAGE = 6;

interface Card {
  fullName: string;
  username: string;
  url: string;
}

export function JudgeQrCards() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [cards, setCards] = useState<Card[] | null>(null);
  const [busy, setBusy] = useState(false);

  const issueAll = async () => {
    setBusy(true);
    try {
      const { list } = await queryClient.fetchQuery(trpc.user.all.queryOptions({ partial: true }));
      const judges = list.filter((u) => u.role === 'judge');
      const issued: Card[] = [];
      for (const judge of judges) {
        const { url } = await client.user.issueJudgeLink.mutate({ _id: judge._id });
        issued.push({ fullName: judge.fullName || judge.username, username: judge.username, url });
      }
      setCards(issued);
    } catch (error) {
      notifyError(t.issueError, error);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    let count = 0;
    try {
      const { list } = await queryClient.fetchQuery(trpc.user.all.queryOptions({ partial: true }));
      count = list.filter((u) => u.role === 'judge').length;
    } catch (error) {
      notifyError(t.judgesError, error);
      return;
    }
    if (!count) {
      notifyError(t.noJudges);
      return;
    }
    confirmDanger({
      title: <Text fw={800}>{t.printCardsTitle}</Text>,
      text: t.printCardsText(count),
      radius: 'lg',
      onConfirm: () => void issueAll(),
    });
  };

  const pages: Card[][] = [];
  for (let i = 0; i < (cards?.length ?? 0); i += PER_PAGE) pages.push(cards!.slice(i, i + PER_PAGE));

  return (
    <>
      <Button variant="default" onClick={() => void start()} loading={busy} data-testid="print-qr-cards">
        {t.printCards}
      </Button>
      {cards && (
        <PrintSheet onClose={() => setCards(null)} closeLabel={t.closeSheet} testId="qr-cards">
          {pages.map((page, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a printed page is its position; the pages are rebuilt whole
            <div key={index} className={`${sheetClasses.page} ${classes.cardPage}`}>
              {page.map((card) => (
                <div key={card.username} className={classes.card} data-testid="qr-card">
                  <div className={classes.cardHead}>{t.cardsHeading}</div>
                  <div className={classes.name}>{card.fullName}</div>
                  <div className={classes.username}>{card.username}</div>
                  <QrImage value={card.url} size={190} alt={t.qrAlt(card.username)} />
                  <div className={classes.hint}>{t.cardHint}</div>
                  <div className={classes.url}>{shortUrl(card.url)}</div>
                </div>
              ))}
            </div>
          ))}
        </PrintSheet>
      )}
    </>
  );
}
