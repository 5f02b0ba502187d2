/**
 * Baseline for `GET /api/state` throughput (live.ts, figure 1): a bare Hono app on @hono/node-server
 * that answers GET /api/state with fixed bytes fetched from the real server — the cookie variant when
 * the request carries a Cookie header, the anonymous one otherwise — with the same Content-Type.
 * Started by live.ts in its own process:
 *
 *   node --import tsx scripts/bench/bare-hono.ts <anonymous-body-file> <cookie-body-file> <content-type>
 *
 * Prints `listening http://127.0.0.1:<port>` once it listens.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [anonymousFile, cookieFile, contentType] = process.argv.slice(2);
if (!anonymousFile || !cookieFile || !contentType) throw new Error('usage: bare-hono.ts <anonymous-file> <cookie-file> <content-type>');
const anonymous = readFileSync(anonymousFile, 'utf8');
const withCookie = readFileSync(cookieFile, 'utf8');

const app = new Hono();
app.get('/api/state', (c) => c.body(c.req.header('cookie') ? withCookie : anonymous, 200, { 'content-type': contentType }));

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
