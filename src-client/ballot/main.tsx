/**
 * The audience's ballot (ballot.html), answered at / while a vote is open: React and this folder,
 * nothing of the app's kit (no Mantine, zod, Query, tRPC client or router) and no web font, so a phone
 * on the hall's crowded Wi-Fi votes within a moment. The server writes the vote into the page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BALLOT_PAGE_ELEMENT_ID, type BallotPageData } from '../../src/ballotPage';
import { readVote } from './api';
import { BallotApp } from './BallotApp';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from ballot.html');
const mount = root;

function render(data: BallotPageData) {
  createRoot(mount).render(
    <StrictMode>
      <BallotApp initial={data} />
    </StrictMode>,
  );
}

const embedded = document.getElementById(BALLOT_PAGE_ELEMENT_ID)?.textContent;
if (embedded) render(JSON.parse(embedded) as BallotPageData);
else {
  // Opened as a file of its own (the dev server): ask for the vote as the page's polling would.
  void readVote().then((answer) => render({ eventName: '', answer: answer ?? { vote: null, mine: null, url: '/', eventId: 0 } }));
}
