// End-to-end tests of `ancients serve` in Debian's Chromium driven by playwright-core (no
// browser download): a whole game against the computer played by clicking to its end, no
// opponent's hand, deck order or seed in any WebSocket message a seat receives, a deployment
// arranged by clicking, and a server killed with SIGKILL mid-game, restarted on the same
// database, the game resumed.
// Usage: node e2e/run.mjs [path/to/ancients]   (default: ../build/release/src/cli/ancients)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const bin = path.resolve(process.argv[2] ?? new URL('../../build/release/src/cli/ancients', import.meta.url).pathname);
const dir = mkdtempSync(path.join(tmpdir(), 'ancients-e2e-'));
const db = path.join(dir, 'games.db');
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

function startServer(port) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, ['serve', '--port', String(port), '--db', db, '--agent', 'random'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ proc: p, port: Number(m[1]), url: m[0] });
    });
    p.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

/// Every state message the page receives over WebSocket.
function recordFrames(page) {
  const frames = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      try {
        frames.push(JSON.parse(f.payload));
      } catch {
        frames.push({ bad: f.payload });
      }
    }),
  );
  return frames;
}

function hiddenInfoKept(frames) {
  for (const m of frames) {
    if (m.bad !== undefined) return `unparsable frame ${m.bad}`;
    const text = JSON.stringify(m);
    if (/"(rng|seed|token|deployments)"/.test(text)) return `secret key in ${text.slice(0, 200)}`;
    if (m.type !== 'state' || m.game !== 'ancient-warfare') continue;
    const opp = String(3 - m.seat);
    if (typeof m.view.hands[opp] !== 'number') return `opponent's hand in a message: ${JSON.stringify(m.view.hands)}`;
    if (typeof m.view.deck !== 'number') return 'deck order in a message';
    if (m.view.phase === 'deploy' && m.view.units.some((u) => String(u.owner) === opp)) return "opponent's hidden deployment in a message";
    for (const l of m.log) if (String(l.player) === opp && l.text.startsWith('deploy ') && l.text.includes(':')) return "opponent's deployment in the log";
  }
  return '';
}

async function clickOneAction(page) {
  // Prefer pointing: a card, then a highlighted unit, then a highlighted destination.
  const cards = page.locator('.hand button.card:not(.off)');
  if ((await cards.count()) > 0 && Math.random() < 0.5) {
    await cards.first().click();
    const from = page.locator('rect.sq.from');
    if ((await from.count()) > 0) {
      await page
        .locator('g.clickable', { has: page.locator('rect.sq.from') })
        .first()
        .click();
      const dest = page.locator('g.clickable', { has: page.locator('rect.sq.dest, rect.sq.target') });
      if ((await dest.count()) > 0) {
        await dest.first().click();
        return;
      }
    }
  }
  const buttons = page.locator('#actions button');
  if ((await buttons.count()) > 0) await buttons.last().click();
}

async function playUntil(page, done, limitMs) {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await done()) return true;
    const acting = await page.locator('#actions button').count();
    if (acting > 0) await clickOneAction(page).catch(() => {});
    else await page.waitForTimeout(50);
  }
  return done();
}

let server = await startServer(0);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
try {
  // 1. A whole game against the computer, by clicking, to its end.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const frames = recordFrames(page);
  await page.goto(server.url);
  await page.selectOption('#agent', 'random');
  await page.fill('#turns', '6');
  await page.click('#create');
  await page.waitForSelector('#log', { state: 'attached' });
  const finished = await playUntil(page, async () => (await page.locator('#game-over').count()) > 0, 60000);
  check(finished, 'a whole game against the computer played by clicking reaches the game-over screen');
  const id = new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('game');
  const rec = await (await fetch(`${server.url}api/games/${id}/record`)).json();
  check(rec.format === 'ancients-record' && rec.actions.length > 4, `the record can be downloaded (${rec.actions.length} actions)`);
  const leak = hiddenInfoKept(frames);
  check(frames.length > 5 && leak === '', `no hidden information in ${frames.length} WebSocket messages ${leak}`);
  await page.click('#game-over a[href^="#replay"]');
  await page.waitForSelector('#scrub');
  await page.click('#next');
  check((await page.textContent('#step')).startsWith('1 /'), 'the replay viewer steps through the game');

  // 2. Killed mid-game (SIGKILL), restarted on the same database: the page resynchronises.
  const p2 = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const frames2 = recordFrames(p2);
  await p2.goto(server.url);
  await p2.selectOption('#agent', 'random');
  await p2.click('#create');
  await p2.waitForSelector('#log', { state: 'attached' });
  // Manual deployment: two units swapped by clicking them, then sent (the server checks it).
  await p2.waitForSelector('#deploy-placed', { timeout: 10000 });
  const units = p2.locator('g.clickable:has(g.unit)');
  await units.nth(0).click();
  await units.nth(1).click();
  await p2.click('#deploy-placed');
  await p2.waitForFunction(
    () => document.querySelector('.err') || [...document.querySelectorAll('#log li')].some((li) => li.textContent.startsWith('You: deploy')),
    null,
    { timeout: 10000 },
  );
  const placed = await p2.locator('#log li', { hasText: /^You: deploy/ }).count();
  check(
    placed > 0 || (await p2.locator('.err').count()) > 0,
    `a deployment arranged by clicking is sent and answered (${placed ? 'accepted' : 'refused with a message'})`,
  );
  await playUntil(p2, async () => (await p2.locator('#log li').count()) >= 6, 20000);
  const before = await p2.locator('#log li').count();
  server.proc.kill('SIGKILL');
  await new Promise((r) => server.proc.on('exit', r));
  server = await startServer(server.port);
  const resumed = await playUntil(p2, async () => (await p2.locator('#log li').count()) > before + 2, 20000);
  check(resumed, `after kill -9 and a restart the game goes on from action ${before}`);
  check(hiddenInfoKept(frames2) === '', 'no hidden information after the restart either');
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
console.log(failures ? `${failures} end-to-end checks failed` : 'all end-to-end checks passed');
process.exit(failures ? 1 : 0);
