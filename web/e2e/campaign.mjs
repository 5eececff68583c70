// End-to-end test of a campaign day in Debian's Chromium, driven by playwright-core, against a
// real `ancients serve`: the organiser starts the learning campaign from the lobby and four
// players (one browser context each, laptop and phone sizes) run its two seasons. Orders are
// given by clicking an army and its destination on the map (and by the order menus), hidden
// from the others until revealed; one battle is played online by clicks in its game page and its
// result returns to the campaign by itself; one is typed in from the table by the organiser; one
// is played out by the computer; politics makes an alliance; the campaign ends with its
// standings. Along the way what a club would stumble on: the links (Copy, the organiser's own,
// all of them again on the organiser's page), what is waited for in words and whose move it
// is, the next season held back while a battle has no result, a result half typed in kept
// while news arrives, the politics button saying what it does, and a big map on a phone.
// Screenshots go to e2e/artifacts/campaign-*.png.
// Usage: node e2e/campaign.mjs [path/to/ancients]
import path from 'node:path';
import { LAPTOP, PHONE, launchBrowser, suite } from './harness.mjs';

const { artifacts, check, shot, startServer, finish, replayDownload } = suite('campaign');

const server = await startServer(['--agent', 'random']);
const browser = await launchBrowser();
const errors = [];
const phaseIs = (page, text) => page.waitForFunction((t) => document.querySelector('.campaign-head .turn')?.textContent?.includes(t), text, { timeout: 15000 });
try {
  {
    // On a phone the campaign day box lies below the long new-game form: the top bar's link
    // goes straight to it.
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    await page.goto(server.url);
    await page.waitForSelector('#scenario option', { state: 'attached' });
    await page.click('nav a[href="#campaign-day"]');
    await page
      .waitForFunction(
        () => {
          const r = document.getElementById('campaign-new')?.getBoundingClientRect();
          return !!r && r.top >= 0 && r.bottom <= window.innerHeight;
        },
        null,
        { timeout: 5000 },
      )
      .catch(() => {});
    const [top, bottom] = await page.evaluate(() => {
      const r = document.getElementById('campaign-new')?.getBoundingClientRect();
      return r ? [Math.round(r.top), Math.round(r.bottom)] : [-1, -1];
    });
    check(top >= 0 && bottom <= 844, `on a phone the top bar’s Campaign day link brings the whole campaign box into sight (${top} to ${bottom})`);
    await ctx.close();
  }
  const orgCtx = await browser.newContext({ viewport: LAPTOP });
  const org = await orgCtx.newPage();
  org.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  await org.goto(server.url);
  await org.waitForSelector('#scenario option[value="learning-campaign"]', { state: 'attached' });
  await org.selectOption('#scenario', 'learning-campaign');
  await org.click('#start-campaign');
  await org.waitForSelector('#go-campaign');
  const links = {};
  for (const input of await org.locator('#campaign-made input[data-nation]').all()) links[await input.getAttribute('data-nation')] = await input.inputValue();
  check(Object.keys(links).length === 4, `the lobby starts a campaign with one link per nation (${Object.keys(links).join(', ')})`);
  check(await org.isDisabled('#start-campaign'), 'a started campaign’s links cannot be replaced by a second click on Start');
  const organiserLink = await org.inputValue('#campaign-made input[data-role="organiser"]');
  check(/#campaign=.*&token=/.test(organiserLink), 'the lobby shows the organiser’s own link to keep');
  await org.click('#campaign-made .invite button.copy');
  // The clipboard answers asynchronously: the button says so once it has (a loaded machine
  // took longer than the click's return once, CI 2026-12-02).
  await org
    .waitForFunction(() => document.querySelector('#campaign-made .invite button.copy')?.textContent !== 'Copy', null, { timeout: 5000 })
    .catch(() => {});
  const copied = await org.textContent('#campaign-made .invite button.copy');
  check(copied === 'Copied', `a link is copied by its Copy button (the clipboard, or the copy command on plain http): "${copied}"`);
  await org.click('#go-campaign');
  await org.waitForSelector('#campaign-map');
  check(/organiser/.test(await org.textContent('#campaign-role')), 'the organiser’s link opens the campaign as its organiser');
  check((await org.locator('#organiser .presence.away').count()) === 4, 'the organiser sees that no player has come yet');
  {
    // The organiser can hand the links out again from the campaign page.
    const again = {};
    for (const input of await org.locator('#campaign-links input[data-nation]').all())
      again[await input.getAttribute('data-nation')] = await input.inputValue();
    check(JSON.stringify(again) === JSON.stringify(links), 'the organiser’s page shows every nation’s link again');
  }

  const players = {};
  const frames = {};
  for (const [i, n] of ['romans', 'carthaginians', 'gauls', 'macedonians'].entries()) {
    const ctx = await browser.newContext({ viewport: i % 2 ? PHONE : LAPTOP });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    frames[n] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames[n].push(String(f.payload))));
    await page.goto(links[n]);
    await page.waitForSelector('#campaign-map');
    players[n] = page;
  }
  check((await players.romans.locator('g.region').count()) === 9, 'the map shows the nine regions');
  check(/You play Rome/.test(await players.romans.textContent('#campaign-role')), 'a nation’s link opens the campaign as that nation');
  await org.waitForFunction(() => document.querySelectorAll('#organiser .presence.here').length === 4, null, { timeout: 5000 }).catch(() => {});
  check((await org.locator('#organiser .presence.here').count()) === 4, 'the organiser sees that every player has the campaign open');
  check((await players.romans.locator('#campaign-links').count()) === 0, 'a nation’s page shows no one’s links');
  check(
    (await players.romans.textContent('#standings tr.me td.cities')) === '1 (1)',
    'the standings show the cities each nation holds (Rome: its capital), the tie-break',
  );
  {
    // Where the players read the prestige, how it is won: the scenario's numbers.
    const scoring = (await players.carthaginians.textContent('#scoring').catch(() => '')) ?? '';
    check(
      /a battle won \+2/.test(scoring) && /a General lost −1/.test(scoring) && /capital \+3/.test(scoring) && /fewer than 6 units/.test(scoring),
      `the standings say how prestige is won and lost, how the campaign ends and when an army is disbanded (“${scoring.slice(0, 60)}…”)`,
    );
  }
  {
    const key = await players.carthaginians.textContent('#map-key');
    check(
      ['Rome', 'Carthage', 'The Gauls', 'Macedon'].every((n) => key.includes(n)),
      'the map’s key names each nation’s colour',
    );
  }

  // Season 1: politics, then orders.
  await org.click('#next-phase');
  await phaseIs(players.romans, 'orders');
  // Rome by clicking: the army, then the neighbouring region.
  await players.romans.click('g.army[data-army="romans-1"]');
  await players.romans.click('g.region.reachable[data-region="cisalpina"]');
  check((await players.romans.inputValue('select[data-army="romans-1"]')) === 'cisalpina', 'an order is given by clicking the army and its destination');
  await shot(players.romans, 'orders-laptop');
  check(
    /^Your orders are awaited, and those of Carthage, The Gauls, Macedon/.test(await players.romans.textContent('#waiting')),
    'a nation is told its orders are awaited, with the others’ names',
  );
  await players.romans.click('#send-orders');
  await players.romans.waitForFunction(() => /Sent:/.test(document.querySelector('#orders')?.textContent ?? ''));
  check(
    /Rome’s 1st army marches to Cisalpine Gaul|Rome's 1st army marches to Cisalpine Gaul/.test(await players.romans.textContent('#orders')),
    'the orders sent are told in words, the army by its name',
  );
  await players.romans.waitForFunction(() =>
    /^Waiting for the orders of Carthage, The Gauls, Macedon/.test(document.querySelector('#waiting')?.textContent ?? ''),
  );
  check(true, 'once sent, a nation is told whose orders are awaited (by name)');
  await players.carthaginians.selectOption('select[data-army="carthaginians-1"]', 'sicily');
  await players.carthaginians.click('#send-orders');
  await players.macedonians.selectOption('select[data-army="macedonians-1"]', 'sicily');
  await players.macedonians.click('#send-orders');
  const leaked = frames.carthaginians.concat(frames.gauls, frames.macedonians).some((f) => f.includes('"romans-1":"cisalpina"'));
  check(!leaked, 'Rome’s orders reach no other nation before they are revealed');
  // The last nation's orders reveal them all.
  await players.gauls.click('#send-orders');
  await phaseIs(org, 'battles');
  await org.waitForSelector('#battles li[data-battle="1"]');
  check((await org.locator('#battles li').count()) === 2, 'the revealed orders give two battles');
  check(await org.isDisabled('#next-phase'), 'the next season cannot be started while a battle has no result, and the page says so');
  // (Rome's page hears of the battles a moment after the organiser's: waited for.)
  await players.romans
    .waitForFunction(() => /Your battle: 1\./.test(document.querySelector('#waiting')?.textContent ?? ''), null, { timeout: 10000 })
    .catch(() => {});
  check(/Your battle: 1\./.test(await players.romans.textContent('#waiting')), 'a nation is told which battle is its own');
  // The organiser starts typing battle 2's result from the table; battle 1's result, arriving
  // meanwhile, must not lose it.
  const form2 = org.locator('#battles li[data-battle="2"] details.result-form');
  await form2.locator('summary').click();
  await form2.locator('input.lost').first().fill('2');
  await form2.locator('input.camp').first().check();
  await shot(org, 'battles-laptop');

  // Battle 1 online: Rome plays by clicking, the Gauls' player lets the computer play for them.
  await players.romans.click('#battles li[data-battle="1"] button.play-online');
  const romeSeat = players.romans.locator('#battles li[data-battle="1"] a[data-seat]');
  await romeSeat.waitFor({ timeout: 10000 });
  // At one laptop the club opens every nation's link in one browser: Macedon's was opened last
  // here, yet Rome's battle must lead back to Rome's page (not Macedon's, whose orders are
  // secret). Rome's player follows the seat link from Rome's page.
  {
    const other = await players.romans.context().newPage();
    await other.goto(links.macedonians);
    await other.waitForSelector('#campaign-map');
    await other.close();
  }
  const [romeGame] = await Promise.all([players.romans.context().waitForEvent('page'), romeSeat.click()]);
  romeGame.on('pageerror', (e) => errors.push(e.stack ?? e.message));
  await romeGame.waitForSelector('.game', { timeout: 10000 });
  const gaulsSeat = players.gauls.locator('#battles li[data-battle="1"] a[data-seat]');
  await gaulsSeat.waitFor({ timeout: 10000 });
  const gaulsGame = await players.gauls.context().newPage();
  await gaulsGame.goto(server.url + (await gaulsSeat.getAttribute('href')));
  await gaulsGame.waitForSelector('#stand-in-me', { timeout: 10000 });
  // The battle's sides in their nations' colours, as on the campaign's map.
  const sideColours = await romeGame.evaluate(() => {
    const root = document.querySelector('.game');
    return root ? [root.style.getPropertyValue('--p1'), root.style.getPropertyValue('--p2')] : [];
  });
  const nationColours = await romeGame.evaluate(async () => {
    const ans = await (await fetch('/api/scenarios')).json();
    const sc = ans.scenarios.find((x) => x.id === 'learning-campaign');
    return Object.fromEntries(sc.nations.map((n) => [n.id, n.colour]));
  });
  check(
    sideColours.length === 2 && sideColours.includes(nationColours.romans) && sideColours.includes(nationColours.gauls),
    `a campaign battle draws its sides in their nations’ colours (${sideColours.join(', ')}: Rome ${nationColours.romans}, the Gauls ${nationColours.gauls})`,
  );
  await shot(romeGame, 'battle-game');
  await gaulsGame.click('#stand-in-me');
  let clicks = 0;
  const over = async () => (await romeGame.locator('#game-over').count()) > 0;
  const until = Date.now() + 90000;
  while (!(await over()) && Date.now() < until) {
    const buttons = romeGame.locator('#actions button');
    const n = await buttons.count();
    if (n > 0) {
      await buttons
        .nth(Math.random() < 0.3 ? n - 1 : Math.floor(Math.random() * n))
        .click({ timeout: 10000 })
        .then(() => clicks++)
        .catch(() => {});
    }
    await romeGame.waitForTimeout(40);
  }
  if (!(await over())) {
    // A long battle: the computer finishes it for Rome too (the clicks above count). Random
    // play can run past turn 100, and each of its states is drawn in both game pages: on a
    // loaded 2-core machine that took more than a minute once (CI, 2026-11-29).
    await romeGame.click('#stand-in-me').catch(() => {});
    await romeGame.waitForSelector('#game-over', { timeout: 180000 });
  }
  check(clicks > 5, `battle 1 is played online by clicks in its game page (${clicks} clicks)`);
  {
    // The battle's record, started from the campaign's position, is verified by the terminal.
    const id = await romeGame.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('game'));
    const verified = await replayDownload(romeGame, id, 'battle-1');
    check(verified.ok, `the battle's downloaded record is verified by \`ancients replay\` (${verified.line})`);
  }
  {
    const back = (await romeGame.getAttribute('#to-campaign', 'href').catch(() => '')) ?? '';
    const token = (url) => url.match(/token=([^&]+)/)?.[1];
    check(
      !!token(back) && token(back) === token(links.romans),
      'the battle leads back to the campaign page of the nation that played it, though another nation’s link was opened later in the same browser',
    );
  }
  await org.waitForFunction(() => document.querySelector('#battles li[data-battle="1"]')?.classList.contains('resolved'), null, { timeout: 15000 });
  check(true, 'its result returns to the campaign by itself');
  check((await org.locator('#chronicle a[href^="#replay="]').count()) === 1, 'the chronicle links the battle’s replay');
  // Battle 2 typed in from the table by the organiser (the loser keeps its army, so season 2
  // always has a march: random play can disband every army).
  {
    const form = form2;
    check(
      (await form.evaluate((d) => d.open)) &&
        (await form.locator('input.lost').first().inputValue()) === '2' &&
        (await form.locator('input.camp').first().isChecked()),
      'a result half typed in from the table is kept when another battle’s result arrives',
    );
    // Sent without a winner: refused in words, nothing sent (a result cannot be taken back).
    await form.locator('button.send-result').click();
    check(
      /choose who won/.test((await org.textContent('#campaign-error').catch(() => '')) ?? '') &&
        !(await org.locator('#battles li[data-battle="2"]').evaluate((li) => li.classList.contains('resolved'))) &&
        (await form.evaluate((d) => d.open)),
      'a result without a winner is not sent, and the page says why',
    );
    await form.locator('select.result-winner').selectOption({ index: 1 }); // the attacker
    await form.locator('button.send-result').click();
    await org.waitForFunction(() => document.querySelector('#battles li[data-battle="2"]')?.classList.contains('resolved'), null, { timeout: 10000 });
    check(true, 'a battle’s result is typed in from the table');
    check(!(await org.isDisabled('#next-phase')), 'with every result in, the organiser may start the next season');
  }

  // Season 2: politics (an alliance), orders, a battle typed in from the table, the end.
  await org.click('#next-phase');
  await phaseIs(players.romans, 'politics');
  {
    // The chronicle names armies as the players do, never by their ids.
    const chronicle = await org.textContent('#chronicle');
    check(
      /Rome's 1st army from Rome to Cisalpine Gaul/.test(chronicle) && !/\b(romans|carthaginians|gauls|macedonians)-\d/.test(chronicle),
      'the chronicle names each army as the players do (“Rome’s 1st army”), never by its id',
    );
    const title = await players.romans.locator('g.army title').first().textContent();
    check(/^\S.*'s? 1st army: \d+ units?/.test(title ?? ''), `an army on the map is named as in the chronicle (“${title}”)`);
    // Season 1 looked back on: its map (Rome's army where the season left it) and its events,
    // on a laptop and a phone; then the map now again.
    for (const [n, size] of [
      ['romans', 'laptop'],
      ['carthaginians', 'phone'],
    ]) {
      const page = players[n];
      // Nothing has moved since season 1 ended (season 2 is in its politics): the same map.
      const map = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('g.region')].map(
            (g) =>
              `${g.getAttribute('data-region')}:${g.querySelectorAll('circle')[1].getAttribute('fill')}:${[...g.querySelectorAll('g.army')].map((a) => a.getAttribute('data-army'))}`,
          ),
        );
      const now = await map();
      await page.click('#season-bar button[data-season="1"]');
      await page.waitForSelector('#season-past #season-chronicle li', { timeout: 10000 });
      const battles = await page.locator('#season-past li[data-battle]').count();
      const text = await page.textContent('#season-past');
      const then = await map();
      const past = (await page.locator('.campaign-map-wrap.past').count()) === 1;
      check(
        battles === 2 && /Rome's 1st army attacked/.test(text) && / won| a draw/.test(text) && /Season 1 · battle/.test(text) && !/Season 2/.test(text),
        `${size}: season 1 looked back on shows its two battles with their results and its chronicle only (${battles} battles)`,
      );
      check(past && JSON.stringify(then) === JSON.stringify(now), `${size}: the map after season 1 is the one season 1 left (holders and armies)`);
      await shot(page, `season1-${size}`);
      await page.click('#season-bar button[data-season="now"]');
      await page.waitForFunction(() => !document.getElementById('season-past'), null, { timeout: 5000 });
    }
    check(true, 'the map now is back after looking at season 1');
  }
  await players.romans.selectOption('#ally-with', 'carthaginians');
  check((await players.romans.textContent('#alliance')) === 'Make an alliance with Carthage', 'the politics button says what it will do');
  await players.romans.click('#alliance');
  await org.waitForFunction(() => /allian|ally|allies/i.test(document.querySelector('#chronicle')?.textContent ?? ''), null, { timeout: 5000 });
  check(true, 'a nation makes an alliance in politics, in the chronicle');
  await players.romans.waitForFunction(() => /Rome and Carthage/.test(document.querySelector('#alliances-now')?.textContent ?? ''));
  check(
    await players.gauls
      .waitForFunction(() => /Rome and Carthage/.test(document.querySelector('#alliances')?.textContent ?? ''), null, { timeout: 5000 })
      .then(
        () => true,
        () => false,
      ),
    'every nation sees the alliances now',
  );
  check(
    (await players.romans.textContent('#alliance')) === 'End the alliance with Carthage',
    'the politics choice stays as it was after the update, and the button now ends the alliance',
  );
  {
    // Macedon's player steps away: the organiser hands the nation to the computer, and the
    // player's page says so; then gives it back.
    await org.click('#organiser li:has-text("Macedon") button');
    const told = await players.macedonians
      .waitForFunction(() => /the computer plays it for you/.test(document.querySelector('#campaign-role')?.textContent ?? ''), null, { timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    check(told, 'a player whose nation the computer plays is told so on their page');
    await org.click('#organiser li:has-text("Macedon") button');
    await players.macedonians.waitForFunction(() => !/the computer plays/.test(document.querySelector('#campaign-role')?.textContent ?? ''), null, {
      timeout: 5000,
    });
  }
  {
    // The Gauls make and end an alliance with Macedon: the page does not offer to make it again
    // this season (the server would refuse it).
    const gauls = players.gauls;
    await gauls.selectOption('#ally-with', 'macedonians');
    await gauls.click('#alliance');
    await gauls.waitForFunction(() => /^End the alliance/.test(document.querySelector('#alliance')?.textContent ?? ''));
    await gauls.click('#alliance');
    await gauls
      .waitForFunction(() => /^Ended this season/.test(document.querySelector('#alliance')?.textContent ?? ''), null, { timeout: 5000 })
      .catch(() => {});
    check(
      (await gauls.isDisabled('#alliance')) && /before the next/.test(await gauls.textContent('#alliance')),
      'an alliance ended this season is not offered again before the next',
    );
  }
  await org.click('#next-phase');
  for (const page of Object.values(players)) await phaseIs(page, 'orders');
  // Someone marches on a neighbouring region another nation holds (not its ally): Rome when it
  // still has its army, else the first nation that can.
  const colours = Object.fromEntries(
    (await (await fetch(new URL('/api/scenarios', server.url))).json()).scenarios
      .find((sc) => sc.id === 'learning-campaign')
      .nations.map((n) => [n.id, n.colour]),
  );
  const holders = await org.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('g.region')].map((g) => [g.getAttribute('data-region'), g.querySelectorAll('circle')[1].getAttribute('fill')]),
    ),
  );
  const allyOf = { romans: 'carthaginians', carthaginians: 'romans' };
  // Macedon first, on the regions around Sicily where Rome and Carthage (allies now) keep their
  // armies, so that an ally is likely in reach to offer a contingent (checked below).
  let marched = '';
  const nearAllies = ['sicily', 'rome', 'carthage'];
  for (const n of ['macedonians', 'romans', 'gauls', 'carthaginians']) {
    for (const sel of await players[n].locator('select[data-army]').all()) {
      if (marched) break;
      const offered = await sel.locator('option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
      const choices = [...offered].sort((a, b) => Number(!nearAllies.includes(a)) - Number(!nearAllies.includes(b)));
      const target = choices.find((r) => {
        const held = Object.entries(colours).find(([, c]) => c === holders[r])?.[0];
        return held && held !== n && held !== allyOf[n];
      });
      if (target) {
        await sel.selectOption(target);
        marched = `${n} on ${target}`;
      }
    }
  }
  // Rome's army (in Cisalpine Gaul after a won battle) goes home, next to Sicily: in reach of a
  // battle there.
  if (!marched.startsWith('romans')) {
    const home = players.romans.locator('select[data-army="romans-1"]');
    if ((await home.count()) && (await home.locator('option[value="rome"]').count())) await home.selectOption('rome');
  }
  for (const n of ['romans', 'carthaginians', 'gauls', 'macedonians']) {
    if ((await players[n].locator('#send-orders').count()) === 0) continue; // an army lost: nothing to order
    await players[n].click('#send-orders');
    await players[n].waitForFunction(() => /Sent:/.test(document.querySelector('#orders')?.textContent ?? '') || !document.querySelector('#orders'));
  }
  await org.waitForFunction(() => /battles|over/.test(document.querySelector('.campaign-head .turn')?.textContent ?? ''), null, { timeout: 15000 });
  const open = org.locator('#battles li:not(.resolved)');
  {
    // An ally in reach offers a contingent: only the side it would join is offered to accept it
    // (the server refuses the other side's acceptance). Whether an ally is in reach hangs on the
    // orders above: said when none is.
    let offered = false;
    for (const n of Object.keys(allyOf)) {
      const offer = players[n].locator('#battles li:not(.resolved) button.offer');
      if ((await offer.count()) === 0) continue;
      await offer.first().click();
      const ally = allyOf[n];
      const accept = (page) => page.locator('#battles li:not(.resolved) button', { hasText: /^Accept / });
      await players[ally]
        .waitForFunction(() => /Accept /.test(document.querySelector('#battles')?.textContent ?? ''), null, { timeout: 10000 })
        .catch(() => {});
      const others = Object.keys(players).filter((o) => o !== n && o !== ally);
      const othersOffered = [];
      for (const o of others) if ((await accept(players[o]).count()) > 0) othersOffered.push(o);
      check(
        (await accept(players[ally]).count()) === 1 && othersOffered.length === 0,
        `${n}'s contingent may be accepted by its ally ${ally} only (also offered to: ${othersOffered.join(', ') || 'none'})`,
      );
      offered = true;
      break;
    }
    if (!offered) console.log(`campaign: no ally was in reach of season 2's battle (${marched}) to offer a contingent`);
  }
  if ((await open.count()) > 0) {
    await open.first().locator('button.play-computer').click();
    await org.waitForFunction(() => document.querySelectorAll('#battles li:not(.resolved)').length === 0, null, { timeout: 30000 });
    check(true, `season 2's battle (${marched}) is played out by the computer at once`);
    await shot(org, 'season2-laptop');
    await org.click('#next-phase');
  } else check(false, `season 2 gives a battle (${marched || 'no army could march'})`);
  await phaseIs(org, 'over');
  check(/The campaign is over/.test(await org.textContent('.side')), 'after two seasons the campaign ends with its standings');
  {
    // The end: every battle of the day with its result, the last season's too (it vanished).
    const items = await org.locator('#campaign-battles li[data-battle]').allTextContents();
    const last = items.at(-1) ?? '';
    check(
      items.length >= 2 && /^Season 1 /.test(items[0]) && /^Season 2 .*· (.+ won|a draw) \(.+ lost \d+ units?, .+ lost \d+ units?\)/.test(last),
      `at the end the page lists the campaign's ${items.length} battles with results, the last season's too (“${last.slice(0, 90)}”)`,
    );
  }
  await shot(org, 'over-laptop');
  await shot(players.carthaginians, 'over-phone');
  {
    // A small map (three columns) fits a phone's width; its names still read.
    const height = await players.carthaginians
      .locator('text.region-name')
      .first()
      .evaluate((t) => t.getBoundingClientRect().height);
    check(height >= 14, `a small map's names are readable on a phone (${height.toFixed(1)} px high)`);
  }
  {
    // A big map (six nations, five columns: Crusaders' Conquest) on a phone keeps a readable
    // size and scrolls sideways, rather than shrinking its names to a few pixels.
    const res = await fetch(new URL('/api/campaigns', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'crusaders-conquest' }),
    });
    const made = await res.json();
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    await page.goto(server.url + made.watch_url.replace(/^\//, ''));
    await page.waitForSelector('#campaign-map');
    const height = await page
      .locator('text.region-name')
      .first()
      .evaluate((t) => t.getBoundingClientRect().height);
    check(height >= 12, `a six-nation map’s names are readable on a phone (${height.toFixed(1)} px high)`);
    // A spectator has no politics to make: not sent to a box that is not there.
    const waiting = (await page.textContent('#waiting')) ?? '';
    check(
      /^Politics: the nations may/.test(waiting) && (await page.locator('#politics').count()) === 0,
      `a spectator is told what politics waits for, not to make alliances below (“${waiting}”)`,
    );
    await shot(page, 'crusaders-phone');
  }
  {
    // A historical sequence has no map: the page lists its battles in order and counts them.
    const res = await fetch(new URL('/api/campaigns', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: 'first-two-crusades' }),
    });
    const made = await res.json();
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    await page.goto(server.url + made.nations[0].url.replace(/^\//, ''));
    await page.waitForSelector('#sequence');
    const count = await page.locator('#sequence li').count();
    check(count === 10 && (await page.locator('#campaign-map').count()) === 0, `a sequence lists its ${count} battles in order instead of an empty map`);
    check(/^Battle 1 of 10/.test(await page.textContent('.campaign-head .turn')), 'a sequence’s header counts its battles, not seasons');
    const first = (await page.textContent('#sequence li')) ?? '';
    check(/Seljuks of Rum attack Crusaders/.test(first), `a nation named in the plural takes a plural verb in the battles’ list (“${first.slice(0, 60)}”)`);
    const armies = await page.locator('#sequence-armies li').allTextContents();
    check(
      armies.length === 5 && armies.every((a) => /^\S.*army: 11 units$/.test(a.trim())),
      `a sequence, which has no map, shows each nation’s army and its strength (${armies[0]?.trim()})`,
    );
    // A battle fought says who won and the losses, not only "fought".
    await page.locator('#battles button.play-computer').first().click();
    await page.waitForFunction(() => document.querySelectorAll('#battles li:not(.resolved)').length === 0, null, { timeout: 30000 });
    const organiser = await (await browser.newContext({ viewport: LAPTOP })).newPage();
    organiser.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    await organiser.goto(server.url + made.url.replace(/^\//, ''));
    await organiser.click('#next-phase:not([disabled])');
    await page.waitForFunction(() => /^Battle 2 of 10/.test(document.querySelector('.campaign-head .turn')?.textContent ?? ''), null, { timeout: 15000 });
    const fought = (await page.textContent('#sequence li[data-battle="1"]')) ?? '';
    check(
      /· (Seljuks of Rum won|Crusaders won|a draw) \(Seljuks of Rum lost \d+ units?, Crusaders lost \d+ units?\)/.test(fought),
      `a sequence's battle fought says who won and what each side lost (“${fought.slice(0, 100)}”)`,
    );
    await shot(page, 'sequence-phone');
  }
  check(errors.length === 0, `no script errors in the pages ${errors.join(' | ')}`);
} catch (e) {
  check(false, `the campaign day runs to its end: ${e.message}`);
  for (const pg of browser.contexts().flatMap((c) => c.pages()))
    await pg.screenshot({ path: path.join(artifacts, `campaign-failed-${pg.url().slice(-6)}.png`), fullPage: true }).catch(() => {});
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
console.log(`screenshots in ${artifacts}`);
finish('campaign end-to-end checks');
