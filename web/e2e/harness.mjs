// What the end-to-end suites beside run.mjs share (dba.mjs, campaign.mjs, pages.mjs): the
// program and the built page from the command line, a scratch directory for the database, the
// screenshots' folder, the ok/FAIL lines and their count, a downloaded record replayed by the
// program, an `ancients serve` of its own on a free port of 127.0.0.1, and Debian's Chromium to
// drive.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

/// Debian's Chromium, headless.
export const launchBrowser = () => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });

export const LAPTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
/// Both sizes with their names, as the suites check and name their screenshots.
export const SIZES = [
  [LAPTOP, 'laptop'],
  [PHONE, 'phone'],
];

/// A suite whose screenshots are named `${prefix}-NAME.png`; `process.argv[2]` names the
/// program (default: the release build's).
export function suite(prefix) {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const bin = path.resolve(process.argv[2] ?? path.join(here, '../../build/release/src/cli/ancients'));
  const web = path.resolve(here, '../dist');
  const artifacts = path.join(here, 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(path.join(tmpdir(), `ancients-${prefix}-e2e-`));
  let failures = 0;
  return {
    bin,
    web,
    artifacts,
    dir,
    check(ok, what) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failures++;
    },
    shot: (page, name) => page.screenshot({ path: path.join(artifacts, `${prefix}-${name}.png`), fullPage: true }),
    /// Game `id`'s record as `page` downloads it, replayed by the program (`ancients replay`):
    /// whether it verified, and the program's first line.
    async replayDownload(page, id, name) {
      const file = path.join(dir, `${name}.json`);
      writeFileSync(file, await page.evaluate(async (game) => (await fetch(`/api/games/${game}/record`)).text(), id));
      const run = spawnSync(bin, ['replay', file], { encoding: 'utf8' });
      const ok = run.status === 0 && /^verified: \d+ actions, result: (player [12] wins|draw)$/m.test(run.stdout);
      return { ok, line: (run.stdout + run.stderr).trim().split('\n')[0] };
    },
    /// `ancients serve` on a free port with the suite's database and the built page, and `args`.
    startServer(args = []) {
      return new Promise((resolve, reject) => {
        const p = spawn(bin, ['serve', '--port', '0', '--db', path.join(dir, 'games.db'), '--web', web, ...args], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        p.stdout.on('data', (d) => {
          out += d;
          const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
          if (m) resolve({ proc: p, url: m[0] });
        });
        p.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
      });
    },
    /// Says how the suite went ("all NOUN passed" or how many failed) and exits 1 on a failure;
    /// the scratch directory is removed when all passed (a failure leaves it to look at).
    finish(noun) {
      if (failures) {
        console.log(`${failures} ${noun} failed (the database is in ${dir})`);
        process.exit(1);
      }
      rmSync(dir, { recursive: true, force: true });
      console.log(`all ${noun} passed`);
    },
  };
}
