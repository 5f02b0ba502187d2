/**
 * Files made by a real spreadsheet program: LibreOffice (Debian's libreoffice-calc) converts CSVs the
 * test wrote, or re-saves a workbook, as a teacher's copy of Excel or Calc would. Each call uses a
 * profile of its own, so parallel test files do not share one. Required under E2E_REQUIRED=1; the
 * caller skips otherwise when `libreOfficeAvailable()` is false.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function libreOfficeAvailable(): boolean {
  const found = spawnSync('soffice', ['--version'], { timeout: 60_000 }).error === undefined;
  if (!found && process.env.E2E_REQUIRED === '1')
    throw new Error('E2E_REQUIRED=1 but soffice not found (apt-get install libreoffice-calc)');
  return found;
}

/**
 * Converts every file to `to` ("xlsx") in one LibreOffice run and returns the converted files' bytes
 * by source name. CSVs (when every file is one) are read as UTF-8 with `;` between fields.
 */
export async function convertWithLibreOffice(files: Record<string, Uint8Array | string>, to: string): Promise<Record<string, Uint8Array>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hoithi-lo-'));
  try {
    const inputs = Object.entries(files).map(([name, content]) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    });
    const out = path.join(dir, 'out');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--nolockcheck',
        ...(Object.keys(files).every((name) => name.endsWith('.csv')) ? ['--infilter=CSV:59,34,76,1'] : []),
        '--convert-to',
        to,
        '--outdir',
        out,
        ...inputs,
      ],
      // The first start of a fresh profile is slow on a busy machine.
      { timeout: 150_000 },
    );
    const converted: Record<string, Uint8Array> = {};
    for (const name of Object.keys(files)) {
      const file = path.join(out, `${path.basename(name, path.extname(name))}.${to}`);
      if (!fs.existsSync(file)) throw new Error(`LibreOffice made no ${to} of ${name}`);
      converted[name] = new Uint8Array(fs.readFileSync(file));
    }
    return converted;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
