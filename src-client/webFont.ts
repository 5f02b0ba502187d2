/**
 * The app's face (Be Vietnam Pro, fonts.css) on the phones and the console: from the first picture when
 * this device has its files, never fetched beside a first picture that could not use it.
 *
 * With `font-display: optional` (vite.config.ts) a first visit on the hall's Wi-Fi keeps the system
 * face anyway, yet its six files (100 kB) were fetched at the highest priority beside the screen's own
 * data and its question picture, and on a fast network the text waited for them. So:
 * - a device that has the files in its HTTP cache (hashed assets are cached for a year) gets the
 *   `@font-face` rules before the first render, and its first picture is in Be Vietnam Pro;
 * - any other keeps the system face for this page and fetches the files once the page has loaded and
 *   is idle (with the toasts' chunks, loadLater.ts), without using them (a face that arrived later
 *   would lay every screen out again); its next page load, such as the team screen after the login,
 *   is in Be Vietnam Pro.
 * Whether the files are cached is asked of the cache itself (`only-if-cached`), and only on a device
 * that fetched them before (the mark below): a cache the browser emptied since is a first visit again.
 */
import latin400 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-400-normal.woff2?url';
import latin600 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-600-normal.woff2?url';
import latin700 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-latin-700-normal.woff2?url';
import vietnamese400 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-vietnamese-400-normal.woff2?url';
import vietnamese600 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-vietnamese-600-normal.woff2?url';
import vietnamese700 from '@fontsource/be-vietnam-pro/files/be-vietnam-pro-vietnamese-700-normal.woff2?url';
import { whenIdle } from './components/loadLater';

/** The files fonts.css names (the same hashed files: the build writes each once). */
const FONT_FILES = [latin400, latin600, latin700, vietnamese400, vietnamese600, vietnamese700];

/** localStorage: '1' once this device has fetched every file of the face. */
const FONT_FETCHED_KEY = 'hoithi.webFont';

function fetchedBefore(): boolean {
  try {
    return window.localStorage.getItem(FONT_FETCHED_KEY) === '1';
  } catch {
    return false; // storage refused (a private mode): as on a first visit
  }
}

/**
 * The face's files in this device's HTTP cache, asked of the cache without touching the network. One
 * file stands for all six: they are fetched together, and one missing later is fetched by fonts.css
 * as before (optional: the system face if it is late).
 */
async function fontFilesCached(): Promise<boolean> {
  if (!fetchedBefore()) return false;
  try {
    const response = await fetch(latin400, { cache: 'only-if-cached', mode: 'same-origin' });
    // Read (from the disk cache) rather than dropped: a dropped body is an aborted request in the logs.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false; // not in the cache (a network error by the Fetch standard)
  }
}

/** Fetches the face's files into the HTTP cache, then marks the device; a failure leaves it unmarked. */
async function fetchFontFiles(): Promise<void> {
  try {
    const responses = await Promise.all(FONT_FILES.map((url) => fetch(url, { priority: 'low' })));
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    if (responses.every((response) => response.ok)) window.localStorage.setItem(FONT_FETCHED_KEY, '1');
  } catch {
    // Offline, or storage refused: the next page load tries again.
  }
}

/**
 * Before the first render: the face's rules when this device has its files (resolves once they
 * apply; never rejects), otherwise nothing now and the files fetched later.
 */
export async function loadWebFont(): Promise<void> {
  if (await fontFilesCached()) {
    await import('./fonts.css?optional').catch(() => undefined);
    return;
  }
  whenIdle(() => void fetchFontFiles());
}
