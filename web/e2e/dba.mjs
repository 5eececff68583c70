// End-to-end tests of the DBA tools page (#dba=...) in Debian's Chromium, driven by
// playwright-core, against a real `ancients serve`: the odds calculator (choose elements and
// factors by clicking, see the table and the chart, the result in the address, a shared link
// reproduces it, an unknown troop refused with the server's reason), the terrain generator (a
// map drawn with every square, a river along square edges, re-roll changes the seed, saving a
// battlefield file the game reads), and the army-list page (a pasted list made into an army
// file, an element that does not fit named), a DBA list pasted in the lobby for a game's
// army, and the defender's battlefield of a game with the DBA set-up (the topography's sheet
// row, what a feature is, why a click placed nothing, the features placed marked on the board
// and a plough's die said). Screenshots at laptop and phone sizes go to
// e2e/artifacts/dba-*.png. Usage: node e2e/dba.mjs [path/to/ancients]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { LAPTOP, PHONE, launchBrowser, suite } from './harness.mjs';

const { bin, dir, check, shot, startServer, finish } = suite('dba');

// Waits until the odds on screen answer the inputs above them: each change is answered after a
// pause, and a table read before then belongs to the inputs before (CI read one such).
const settled = (page) =>
  page.waitForFunction(() => {
    const out = document.querySelector('.dba-odds-out');
    return out?.getAttribute('aria-busy') === 'false' && out.querySelector('.dba-table caption');
  });

const server = await startServer();
const browser = await launchBrowser();
try {
  // --- Odds ---
  for (const [size, name] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#dba=odds`);
    await page.waitForSelector('.dba-table');
    await page.selectOption('select[aria-label="A: attacks or shoots: troop type"]', 'spears');
    await page.selectOption('select[aria-label="B: defends or is shot at: troop type"]', 'knights');
    await page.locator('.dba-side').nth(0).locator('label', { hasText: 'General' }).locator('input').check();
    await page.selectOption('select[aria-label="A: attacks or shoots: Flank edges overlapped (-1 each)"]', '1');
    await page.click('text=Work out the odds');
    await settled(page);
    const caption = await page.textContent('.dba-table caption');
    check(caption.includes('Spears') && caption.includes('Knights'), `${name}: odds table names both elements (${caption})`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(overflow <= 0, `${name}: the odds fit the screen's width (${overflow} px too wide)`);
    // Each list stays inside its own label's cell (a long default ran into the next column).
    const spill = await page.evaluate(() =>
      [...document.querySelectorAll('.dba-items label')]
        .filter((l) => {
          const sel = l.querySelector('select');
          return sel && sel.getBoundingClientRect().right > l.getBoundingClientRect().right + 1;
        })
        .map((l) => l.textContent),
    );
    check(spill.length === 0, `${name}: every situation's list stays inside its cell (${spill.join(' / ')})`);
    const cells = await page.locator('.dba-table td').allTextContents();
    check(cells.length === 8 && cells.every((c) => /\d+\/36/.test(c)), `${name}: outcome counts out of 36 for both sides`);
    await page.waitForFunction(() => {
      const c = document.querySelector('canvas.dba-chart');
      return (
        c &&
        c.width > 0 &&
        c
          .getContext('2d')
          .getImageData(0, 0, c.width, c.height)
          .data.some((v) => v !== 0)
      );
    });
    check(true, `${name}: the chart is drawn`);
    const hash = await page.evaluate(() => location.hash);
    check(hash.includes('a=spears%2Cgeneral%2Coverlap%3D1') && hash.includes('b=knights'), `${name}: the combat is in the address (${hash})`);
    // The table answers every input set, not an earlier set of them (CI once read the odds
    // asked for before the overlap was chosen).
    const answer = await (
      await fetch(`${server.url}api/dba/odds`, {
        method: 'POST',
        body: JSON.stringify({ a: 'spears,general,overlap=1', b: 'knights', shooting: false }),
      })
    ).json();
    check(
      caption.includes(`(${answer.a.factor}) against`) && cells[0].startsWith(`${answer.a.results.destroyed.count}/36`),
      `${name}: the odds answer all the inputs chosen (A's factor ${answer.a.factor})`,
    );
    // The shared link gives the same result.
    const shared = await browser.newPage({ viewport: size });
    await shared.goto(`${server.url}${hash}`);
    await settled(shared);
    check((await shared.locator('.dba-table td').allTextContents()).join() === cells.join(), `${name}: a shared link reproduces the odds`);
    await shared.close();
    await shot(page, `odds-${name}`);
    check(errors.length === 0, `${name}: no page errors (${errors.join('; ')})`);
    await page.close();
  }
  // Every input is explained and the odds follow each change, with the sheet's row behind each
  // result and a factor that does not count said as such.
  {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#dba=odds`);
    await page.waitForSelector('.dba-table');
    const troops = await (await fetch(`${server.url}api/dba/troops`)).json();
    const knights = troops.troops.find((t) => t.id === 'knights');
    const variants = await page.locator('select[aria-label="B: defends or is shot at: variant"] option').allTextContents();
    check(
      variants.length === knights.variants.length && variants.every((v, i) => v === knights.tag_names[knights.variants[i]]),
      `the variants are named as the data file names them (${variants.join(', ')})`,
    );
    const tagLabels = await page.locator('.dba-side').nth(0).locator('.dba-tags label').allTextContents();
    const blades = troops.troops.find((t) => t.id === 'blades-solid');
    check(
      tagLabels.length === blades.tags.length && blades.tags.every((t) => tagLabels.includes(blades.tag_names[t])),
      `the tags say what they are (${tagLabels.join(' / ')})`,
    );
    const going = await page.locator('select[aria-label="A: attacks or shoots: Going"] option:checked').textContent();
    const goingItem = troops.items.find((i) => i.key === 'going');
    check(going.includes(goingItem.default) && going.includes('default'), `a list's default is shown as such (${going})`);
    const help = await page.locator('.dba-help dt').count();
    check(help === troops.items.length, `"What the choices mean" explains every situation (${help} of ${troops.items.length})`);
    // The answer in one line stays in sight at the foot of the screen, with the table's numbers.
    const foot = await page.evaluate(() => {
      const r = document.querySelector('.dba-summary').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, h: window.innerHeight, text: document.querySelector('.dba-summary').textContent };
    });
    const rowB = await page.locator('.dba-table tbody tr').nth(1).locator('td').allTextContents();
    const destroyedB = Math.round(Number(rowB[0].match(/\(([\d.]+)%\)/)[1]));
    check(
      foot.top >= 0 && foot.bottom <= foot.h && foot.text.includes(`destroyed ${destroyedB}%`),
      `the odds in short stay in sight while the inputs are at the top (${foot.text})`,
    );
    // The odds follow a change without the button.
    const before = await page.textContent('.dba-table caption');
    await page.selectOption('select[aria-label="B: defends or is shot at: troop type"]', 'psiloi');
    await page.waitForFunction(() => document.querySelector('.dba-table caption')?.textContent?.includes('Psiloi'), null, { timeout: 5000 }).catch(() => {});
    await settled(page);
    const after = await page.textContent('.dba-table caption');
    check(after !== before && after.includes('Psiloi'), `the odds follow a change of an input (${after})`);
    const why = await page.locator('.dba-why').nth(1).locator('li').allTextContents();
    const odds = await (
      await fetch(`${server.url}api/dba/odds`, { method: 'POST', body: JSON.stringify({ a: 'blades-solid', b: 'psiloi', shooting: false }) })
    ).json();
    check(
      why.length === 3 && ['equal', 'less', 'half'].every((k, i) => why[i].includes(`${odds.b.rows[k].count}/36`) && why[i].includes(odds.b.rows[k].sheet)),
      `each result says the sheet's row behind it (${why.join(' | ')})`,
    );
    // A factor that does not count here is listed with its reason.
    await page.locator('.dba-side').nth(0).locator('label', { hasText: 'General' }).locator('input').check();
    await page.selectOption('select[aria-label="A: attacks or shoots: troop type"]', 'bows-solid');
    await page.locator('label', { hasText: 'Shooting (not close combat)' }).locator('input').check();
    await page
      .waitForFunction(() => document.querySelector('.dba-table caption')?.textContent?.startsWith('Shooting'), null, { timeout: 5000 })
      .catch(() => {});
    await settled(page);
    const notCounted = await page.locator('.dba-not-counted').allTextContents();
    check(
      notCounted.some((t) => /general/i.test(t)),
      `a factor that does not count says why (${notCounted.join(' / ')})`,
    );
    await shot(page, 'odds-explained-phone');
    check(errors.length === 0, `explained odds: no page errors (${errors.join('; ')})`);
    await page.close();
  }
  // A refused combat shows the server's reason.
  {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.goto(`${server.url}#dba=odds&a=blades-solid&b=knights`);
    await page.waitForSelector('.dba-table');
    await page.selectOption('select[aria-label="B: defends or is shot at: Defending a city, fort or camp"]', 'camp');
    await page.selectOption('select[aria-label="A: attacks or shoots: Further elements assaulting (-1 each)"]', '2');
    await page.locator('.dba-side').nth(0).locator('label', { hasText: 'Denizens sallied' }).locator('input').check();
    await page.click('text=Work out the odds');
    await page.waitForSelector('.dba-error:not([hidden])');
    const msg = await page.textContent('.dba-error');
    check(msg.length > 10, `a refused combat shows the reason: ${msg}`);
    check(
      (await page.locator('.dba-table').count()) === 0 && (await page.isHidden('.dba-chart-box')),
      'a refused combat leaves no odds of the inputs before on screen',
    );
    await page.close();
  }

  // --- Terrain ---
  for (const [size, name] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    const page = await browser.newPage({ viewport: size, acceptDownloads: true });
    await page.goto(`${server.url}#dba=terrain&topography=littoral&board=12&seed=4`);
    await page.waitForSelector('svg.dba-map');
    check((await page.locator('svg.dba-map rect').count()) === 144, `${name}: terrain map draws all 144 squares`);
    check((await page.locator('svg.dba-map line.dba-river').count()) > 5, `${name}: the river is drawn along square edges`);
    check((await page.locator('svg.dba-map rect[data-terrain="impassable"]').count()) === 24, `${name}: the waterway is 2 files of impassable water`);
    check((await page.locator('.dba-legend li').count()) >= 2, `${name}: the legend lists the features`);
    const edges = await page.locator('svg.dba-map text.dba-edge').allTextContents();
    check(edges.length === 2 && /1/.test(edges[1]) && /2/.test(edges[0]), `${name}: the map says whose edge is whose (${edges.join(' / ')})`);
    const rows = await page.locator('#dba-table tr').count();
    check(rows >= 3, `${name}: the battlefield is laid out for DBA's own table (${rows - 1} features)`);
    check(/600 mm/.test(await page.textContent('#dba-table')), `${name}: the table layout gives inches and millimetres`);
    // A measure cell is its inches and its millimetres: two lines at most.
    const broken = await page.evaluate(
      () =>
        [...document.querySelectorAll('#dba-table tr')]
          .flatMap((tr) => [...tr.querySelectorAll('td')].slice(2))
          .filter((td) => {
            const r = document.createRange();
            r.selectNodeContents(td);
            return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 2;
          }).length,
    );
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(
      broken === 0 && wide <= 0,
      `${name}: each measure of the table layout takes two lines at most (inches, millimetres), within the screen (${broken} broken, ${wide} px too wide)`,
    );
    // A feature whose die was rolled goes on DBA's table as it does on the map.
    {
      const t = await page.goto(`${server.url}#dba=terrain&topography=arable&board=12&seed=1876255833`);
      void t;
      await page.waitForFunction(() => location.hash.includes('topography=arable'));
      await page.waitForSelector('#dba-table tr:nth-child(2)');
      const result = await (
        await fetch(`${server.url}api/dba/terrain`, { method: 'POST', body: JSON.stringify({ topography: 'arable', board: 12, seed: '1876255833' }) })
      ).json();
      const rolled = result.legend.filter((f) => f.die);
      const rows = await page.locator('#dba-table tr').allTextContents();
      check(
        rolled.some((f) => f.terrain === 'clear') && rolled.every((f) => rows.some((r) => r.startsWith(`${f.name} (${f.abbrev})${f.die_note}`))),
        `${name}: a rolled feature's going on DBA's table is the die's (${rolled.map((f) => `${f.name} ${f.die_note}`).join(', ')})`,
      );
      await page.goto(`${server.url}#dba=terrain&topography=littoral&board=12&seed=4`);
      await page.waitForFunction(() => location.hash.includes('topography=littoral'));
      await page.waitForSelector('svg.dba-map');
    }
    await shot(page, `terrain-${name}`);
    // The sheet's row for the topography is said, and a new choice draws its battlefield at once.
    {
      const troops = await (await fetch(`${server.url}api/dba/troops`)).json();
      const forest = troops.topographies.find((t) => t.id === 'forest');
      await page.selectOption('select[aria-label="Home topography"]', 'forest');
      await page
        .waitForFunction(() => /Forest/.test(document.querySelector('.dba-terrain-out h2')?.textContent ?? ''), null, { timeout: 5000 })
        .catch(() => {});
      const title = await page.textContent('.dba-terrain-out h2');
      const rowText = await page.textContent('#dba-topography-row');
      check(
        /Forest/.test(title) && (await page.evaluate(() => location.hash)).includes('topography=forest'),
        `${name}: choosing a topography draws its battlefield at once (${title})`,
      );
      check(
        forest.optional.every((f) => rowText.includes(f)) && forest.compulsory.flat().every((f) => rowText.includes(f)),
        `${name}: the topography's compulsory and optional features are said (${rowText})`,
      );
      await page.selectOption('select[aria-label="Home topography"]', 'littoral');
      await page.waitForFunction(() => /Littoral/.test(document.querySelector('.dba-terrain-out h2')?.textContent ?? ''));
    }
    if (name === 'laptop') {
      const before = await page.evaluate(() => location.hash);
      await page.click('text=Generate (new seed)');
      await page.waitForFunction((b) => location.hash !== b, before);
      check(true, 're-rolling draws a new battlefield with a new seed');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Save as Ancient Warfare battlefield')]);
      const file = path.join(dir, 'field.json');
      await download.saveAs(file);
      const checked = spawnSync(bin, ['dba', 'check-map', file], { encoding: 'utf8' });
      check(checked.status === 0, `the saved battlefield passes ancients dba check-map (${checked.stdout.trim()} ${checked.stderr.trim()})`);
      const game = spawnSync(bin, ['new', '--map', file, '--options', 'board=12'], { encoding: 'utf8' });
      check(game.status === 0, `the game starts on the saved battlefield ${game.stderr.trim()}`);
    }
    await page.close();
  }

  // --- Army lists ---
  for (const [size, name] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    const page = await browser.newPage({ viewport: size, acceptDownloads: true });
    await page.goto(`${server.url}#dba=army`);
    await page.waitForSelector('textarea');
    // Every input of the form says what it is for.
    const hints = await page.evaluate(() =>
      [...document.querySelectorAll('.dba input[type="text"], .dba select')].map(
        (e) => document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      ),
    );
    check(hints.length >= 5 && hints.every((t) => t.length > 15), `${name}: every input of the army form says what it is for (${hints.length})`);
    await page.fill('textarea', '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw');
    await page.fill('input[aria-label="Army name"]', 'My Knights');
    await page.fill('input[aria-label="Elite elements"]', 'Bd');
    await page.click('text=Make the army');
    await page.waitForSelector('.dba-units li');
    const units = await page.locator('.dba-units li').allTextContents();
    check(
      units.some((u) => u.includes('3') && u.includes('blades')) || units.some((u) => u.includes('blades (Elite)')),
      `${name}: the army lists its units (${units.join(' / ')})`,
    );
    check((await page.textContent('.dba-army-out')).includes('knights'), `${name}: the general's element is named`);
    await shot(page, `army-${name}`);
    if (name === 'laptop') {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Save the army file')]);
      const file = path.join(dir, 'army.json');
      await download.saveAs(file);
      const game = spawnSync(bin, ['new', '--army1', file, '--army2', 'gauls'], { encoding: 'utf8' });
      check(game.status === 0, `the saved army starts a game ${game.stderr.trim()}`);
      await page.fill('textarea', '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Qq');
      await page.click('text=Make the army');
      await page.waitForSelector('.dba-error:not([hidden])');
      const msg = await page.textContent('.dba-error');
      check(msg.includes('element 6'), `an element that does not fit is named: ${msg}`);
    }
    await page.close();
  }
  // --- A pasted DBA list in the lobby ---
  {
    const page = await browser.newPage({ viewport: LAPTOP });
    await page.goto(server.url);
    await page.waitForSelector('#army1');
    await page.selectOption('#army1', 'paste');
    check(await page.isVisible('#paste-army1'), 'the lobby offers a box for a pasted DBA list');
    await page.fill('#paste-army1', '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Qq');
    await page.click('#create');
    await page.waitForSelector('.notice.err');
    check((await page.textContent('.notice.err')).includes('element 6'), 'a pasted list that does not fit is refused, naming the element');
    await page.fill('#paste-army1', '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw');
    await page.click('#create');
    await page.waitForFunction(() => location.hash.startsWith('#game='));
    await page.waitForSelector('svg');
    check(true, 'a game starts with the army made from the pasted list');
    await shot(page, 'lobby-pasted-list-game');
    await page.close();
  }
  // --- The defender's battlefield in a game (DBA set-up, map "defender", the player defends) ---
  {
    const troops = await (await fetch(`${server.url}api/dba/troops`)).json();
    const feature = Object.fromEntries(troops.features.map((f) => [f.id, f]));
    const page = await browser.newPage({ viewport: LAPTOP });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url);
    await page.waitForSelector('#opt-board');
    await page.selectOption('#opt-board', '12');
    await page.click('#house-rules summary');
    await page.check('#opt-dba_setup');
    const seats = await page.locator('#seat option').allTextContents();
    check(
      seats.join('|') === 'player 1, the attacker|player 2, the defender',
      `with the DBA-style set-up the lobby says who attacks and who defends (${seats.join(', ')})`,
    );
    await page.selectOption('#seat', '2');
    await page.selectOption('#agent', 'random');
    await page.click('#create');
    await page.waitForSelector('#actions button[data-action="topography arable"]', { timeout: 10000 });
    await page.click('#actions button[data-action="topography arable"]');
    // What is still to place: the topography's sheet row stays in sight while placing.
    await page.waitForSelector('#field-row');
    const row = await page.textContent('#field-row');
    const arable = troops.topographies.find((t) => t.id === 'arable');
    check(
      row.includes('Built-up area, or 2 Plough') && row.includes('2-3 optional') && arable.optional.every((f) => row.includes(f)),
      `the defender sees the topography's compulsory and optional features while placing (${row})`,
    );
    // What a feature is, in DBA and on the board, said when it is chosen.
    await page.click('#field-kinds button[data-feature="plough"]');
    await page.waitForSelector('#field-effect');
    const effect = await page.textContent('#field-effect');
    check(effect === feature.plough.effect && /die/.test(effect) && /Ancient Warfare/.test(effect), `the chosen feature says what it is (${effect})`);
    const marked = () => page.locator('svg rect.field-feature').count();
    await page.locator('.hit.clickable.dest').first().click();
    await page.waitForFunction(() => document.querySelectorAll('svg rect.field-feature').length === 1, null, { timeout: 5000 }).catch(() => {});
    // A click off the dots says why nothing was placed.
    const off = await page.evaluate(() => [...document.querySelectorAll('rect.hit')].find((r) => !r.classList.contains('dest'))?.getAttribute('data-square'));
    const placedBefore = await marked();
    await page.locator(`rect.hit[data-square="${off}"]`).click();
    await page.waitForSelector('#field-note', { timeout: 5000 }).catch(() => {});
    const note = (await page.locator('#field-note').count()) ? await page.textContent('#field-note') : '';
    check(note.includes(off) && /Plough/.test(note) && (await marked()) === placedBefore, `a click off the dots places nothing and says why (${note})`);
    for (let k = 2; k <= 6; ++k) {
      await page.locator('.hit.clickable.dest').first().click();
      await page.waitForFunction((n) => document.querySelectorAll('svg rect.field-feature').length >= n, k, { timeout: 5000 }).catch(() => {});
    }
    // The plough is marked on the board whatever its die rolled (good going is clear ground),
    // and its die is said with what it means.
    const labels = await page.locator('svg text.field-feature-label').allTextContents();
    check(
      (await marked()) === 6 && labels.every((l) => l === `1 ${feature.plough.abbrev}`),
      `the plough placed is marked on its six squares (${labels.join(', ')})`,
    );
    const prompt = await page.textContent('#prompt');
    const die = Number(prompt.match(/Plough [a-l0-9 ]+\(die (\d):/)?.[1]);
    check(die >= 1 && prompt.includes(`(die ${die}: ${feature.plough.die_notes[die - 1]})`), `the plough's die and what it means are said (${prompt})`);
    const log = (await page.textContent('#log')) ?? '';
    check(log.includes(`Plough rolled ${die}: ${feature.plough.die_notes[die - 1]}`), `the log says what the plough's die rolled (${log.slice(-300)})`);
    // A road is marked on every square it crosses, not only the one it starts from.
    await page.click('#field-kinds button[data-feature="road"]');
    await page.locator('.hit.clickable.dest').first().click();
    await page.waitForFunction(() => document.querySelectorAll('svg rect.field-feature').length > 6, null, { timeout: 5000 }).catch(() => {});
    const road = await page.locator('svg rect.field-feature[data-feature="road"]').count();
    check(road === 12, `the road is marked on the 12 squares it crosses (${road})`);
    await shot(page, 'battlefield-laptop');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    check(wide <= 0, `phone: the defender's battlefield fits the screen's width (${wide} px too wide)`);
    await shot(page, 'battlefield-phone');
    check(errors.length === 0, `the defender's battlefield: no page errors (${errors.join('; ')})`);
    await page.close();
  }
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
finish('DBA page checks');
