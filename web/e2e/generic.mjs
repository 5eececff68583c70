// End-to-end check that the browser plays a game it has no drawing for: the tests-only program
// `ancients_testgame` registers "tiny-duel" (tests/testgame) beside the built-in games, and
// declares no layout of its own ("generic", docs/server.md). From the lobby, built from the
// catalogue, a tiny duel is set up and played against the computer to its end by clicking the
// actions the game words, at laptop and phone sizes; its position is shown field by field; then
// its replay, and its downloaded record verified by `ancients replay`. The page holds nothing of
// this game: everything comes from the server's messages.
// Screenshots go to e2e/artifacts/generic-*.png.
// Usage: node e2e/generic.mjs path/to/ancients_testgame
import { SIZES, launchBrowser, suite } from './harness.mjs';

const { check, shot, startServer, finish, replayDownload } = suite('generic');
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [size, tag] of SIZES) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const states = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        const m = JSON.parse(String(f.payload));
        if (m.type === 'state') states.push(m);
      }),
    );
    await page.goto(server.url);
    await page.waitForSelector('#create');
    await page.click('label[for="game-tiny-duel"]');
    await page.fill('#opt-cards', '5');
    if (await page.locator('#agent').isVisible()) await page.selectOption('#agent', 'random');
    await page.click('#create');
    await page.waitForSelector('#generic-view');
    const fields = await page.locator('#generic-view dt').allTextContents();
    check(
      ['hands', 'score', 'round'].every((f) => fields.includes(f)),
      `the position is shown field by field (${tag}: ${fields.join(', ')})`,
    );
    // Played to its end by its buttons, which say the game's words.
    let clicks = 0;
    let words = '';
    for (const end = Date.now() + 60000; Date.now() < end && (await page.locator('#game-over').count()) === 0;) {
      const buttons = page.locator('#actions button');
      const n = await buttons.count();
      if (n > 0) {
        if (!words) {
          // The first decision: its buttons say what the state message's actions say.
          const shown = await buttons.allTextContents();
          const m = states.at(-1);
          const expected = m.legal.map((t, k) => m.actions?.[k]?.words ?? t);
          words = shown.join(' | ');
          check(JSON.stringify(shown) === JSON.stringify(expected), `the actions are buttons in the game's words (${tag}: ${words} / ${expected.join(' | ')})`);
        }
        const clicked = await buttons
          .nth(Math.floor(Math.random() * n))
          .click({ timeout: 2000 })
          .then(() => true)
          .catch(() => false);
        if (clicked) clicks++;
      }
      await page.waitForTimeout(40);
    }
    const over = (await page.locator('#game-over').count()) > 0;
    check(over && clicks > 0, `a tiny duel is played against the computer to its end by clicking (${tag}: ${clicks} clicks)`);
    const plainWords = (t) => t.replace(/[.!?]+$/, '').toLowerCase();
    const ending = await page.evaluate(() => [
      document.querySelector('#game-over h2')?.textContent ?? '',
      document.querySelector('#over-reason')?.textContent ?? null,
    ]);
    check(
      ending[0].length > 0 && (ending[1] === null || (ending[1].length > 0 && !plainWords(ending[0]).includes(plainWords(ending[1])))),
      `the game's end says the result, and why where that is more, once (${tag}: ${JSON.stringify(ending)})`,
    );
    await shot(page, `over-${tag}`);
    const id = await page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('game'));
    await page.goto(`${server.url}#replay=${id}`);
    await page.waitForSelector('#scrub');
    await page.click('#last');
    const replayed = await page.locator('#generic-view dt').allTextContents();
    check(replayed.includes('score') && (await page.locator('#log li').count()) > 0, `its replay shows each position field by field (${tag})`);
    // The result as the server gives it (the test game writes a draw as 0 in its positions),
    // its rounds counted, nothing said twice.
    const result = ((await page.textContent('#result')) ?? '').replace(/^Result/, '');
    const said = await page.evaluate(async (game) => (await (await fetch(`/api/games/${game}/replay`)).json()).winner, id);
    const headline = said === 'draw' ? 'The game is drawn.' : `Player ${said} wins.`;
    check(
      result.startsWith(headline) && result.split(headline).length === 2 && /\d+ actions?, \d+ rounds?\.$/.test(result) && !/undefined/.test(result),
      `the replay's result reads whole (${tag}: "${result}")`,
    );
    await shot(page, `replay-${tag}`);
    // The record the page offers for download is the terminal's: `replay` verifies it.
    const verified = await replayDownload(page, id, `record-${tag}`);
    check(verified.ok, `the downloaded record is verified by \`ancients replay\` (${tag}: ${verified.line})`);
    check(errors.length === 0, `no page errors (${tag}: ${errors.join('; ')})`);
    await page.close();
  }
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
finish('generic game checks');
