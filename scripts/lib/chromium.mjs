/** Debian's Chromium, and the flags every script and browser test starts it with (add `--headless=new` for chrome-launcher). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** No sandbox (root in a container), no GPU, and nothing of Chromium's own reaching the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
