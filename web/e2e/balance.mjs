// End-to-end test of the balance lab's HTML report (`ancients balance --html`) as a designer
// reads it, in Debian's Chromium driven by playwright-core, at laptop and phone sizes: an Ancient
// Warfare report (a rules file's copy, every experiment), an Ancient Generals one and an options
// experiment's (any game's options: its effects and what it left out). Each page
// fits the screen's width (its wide tables scroll in their box), says the command that plays the
// same games again and the rules or cards file, explains the colours and the control under each
// chart, starts the effects table with the baseline's own figures and leaves the heat map's
// diagonal (never played) without a score. Screenshots go to e2e/artifacts/balance-*.png.
// Usage: node e2e/balance.mjs [path/to/ancients]
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { LAPTOP, PHONE, launchBrowser, suite } from './harness.mjs';

const { bin, dir, check, shot, finish } = suite('balance');
const here = path.dirname(new URL(import.meta.url).pathname);
const rules = path.join(dir, 'my-autokill.toml');
copyFileSync(path.join(here, '../../data/warfare/autokill.toml'), rules);
const balance = (args) => execFileSync(bin, ['balance', '--agent', 'greedy', ...args], { encoding: 'utf8' });
balance(['--games', '2', '--matrix-games', '2', '--rules-file', rules, '--html', path.join(dir, 'warfare.html')]);
balance(['--game', 'generals', '--games', '4', '--html', path.join(dir, 'generals.html')]);
balance(['--games', '2', '--experiments', 'units', '--html', path.join(dir, 'units.html')]);
balance(['--games', '4', '--experiments', 'options', '--html', path.join(dir, 'options.html')]);

const browser = await launchBrowser();
try {
  for (const [size, sizeName] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    for (const game of ['warfare', 'generals']) {
      const page = await browser.newPage({ viewport: size });
      await page.goto(`file://${path.join(dir, game + '.html')}`);
      const what = `${game} report (${sizeName})`;
      const data = await page.evaluate(() => JSON.parse(document.getElementById('data').textContent));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 0, `${what}: the page fits the screen's width (${overflow}px too wide)`);
      const command = await page.locator('#command').textContent();
      check(command === data.command && command.startsWith('ancients balance '), `${what}: the rerun command is shown: ${command}`);
      const legend = await page.locator(game === 'warfare' ? '#units-legend' : '#cards-legend').textContent();
      check(
        /Red: the whole interval is above 50%/.test(legend) && /Amber: the control/.test(legend),
        `${what}: the colours and the control explained: ${legend}`,
      );
      const summary = await page.locator('#summary').textContent();
      if (game === 'warfare') {
        check(summary.includes(rules), `${what}: the summary names the rules file: ${summary}`);
        check(summary.includes('Only 1 deal per cell: intervals from so few deals are too narrow to trust'), `${what}: too few deals for the intervals said`);
        const first = await page.locator('#effects tr').nth(1).textContent();
        check(first.startsWith('baseline (as played)'), `${what}: the effects start with the baseline's figures: ${first}`);
        const diagonal = await page.locator('#matrix tr').nth(1).locator('td').first().textContent();
        check(diagonal === '-', `${what}: a type against itself has no score: "${diagonal}"`);
      } else {
        check(summary.includes('turn limit'), `${what}: the summary gives the options: ${summary}`);
      }
      await shot(page, `${game}-${sizeName}`);
      await page.close();
    }
  }
  // The options experiment (any game's): its own title and explanation, a row per change after
  // the baseline's, the options it left out with their reasons, and no other section.
  for (const [size, sizeName] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`file://${path.join(dir, 'options.html')}`);
    const what = `options report (${sizeName})`;
    const data = await page.evaluate(() => JSON.parse(document.getElementById('data').textContent));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `${what}: the page fits the screen's width (${overflow}px too wide)`);
    const title = await page.locator('#effects-title').textContent();
    const note = await page.locator('#effects-note').textContent();
    check(title === data.notes.effects_title && note === data.notes.effects, `${what}: the options' title and explanation: ${title}`);
    const rows = await page.locator('#effects tr').allTextContents();
    check(
      rows.length === data.effects.length + 2 && rows[1].startsWith('baseline (as played)') && data.effects.every((e, i) => rows[i + 2].startsWith(e.label)),
      `${what}: a row per change after the baseline's (${rows
        .slice(1)
        .map((r) => r.split('%')[0])
        .join(' | ')})`,
    );
    const pursuit = (await page.locator('#effects tr', { hasText: 'pursuit on' }).textContent()) ?? '';
    check(pursuit.includes(data.descriptions.pursuit), `${what}: a row says what its option is (${pursuit.slice(0, 80)})`);
    const leftOut = await page.locator('#left-out-list li').allTextContents();
    check(
      leftOut.length === data.left_out.length && leftOut.some((l) => l.startsWith('map: a data file')),
      `${what}: what was not varied, and why (${leftOut.length})`,
    );
    const shown = await page.evaluate(() => ['units', 'cards', 'matrix'].filter((s) => !document.getElementById(`sec-${s}`).hidden));
    check(shown.length === 0, `${what}: no section of the other experiments (${shown.join(', ')})`);
    check(errors.length === 0, `${what}: no page errors (${errors.join('; ')})`);
    await shot(page, `options-${sizeName}`);
    await page.close();
  }
  // A run of the units alone: the other sections say they were not measured, without their
  // explanations of figures that are not there.
  const page = await browser.newPage({ viewport: LAPTOP });
  await page.goto(`file://${path.join(dir, 'units.html')}`);
  for (const section of ['cards', 'effects', 'matrix']) {
    const said = await page.locator(`#sec-${section}`).innerText();
    check(said.includes('not measured in this run') && !said.includes('Score') && !said.includes('first row'), `units only: ${section} not measured: ${said}`);
  }
  await shot(page, 'units-only');
  await page.close();
} finally {
  await browser.close();
}
finish('balance report checks');
