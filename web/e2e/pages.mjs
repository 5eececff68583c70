// End-to-end tests of the DBA odds form, the rules page and the replay viewer as their readers
// use them, in Debian's Chromium driven by playwright-core against a real `ancients serve`, at
// laptop and phone sizes. Odds: every situation item of the data in its group, the groups folded
// on a phone (two items a row) and open on a laptop; the shooter's rows each saying their own
// row. Rules: the links to a tab's sections, the box that finds a unit, card or rule, and the
// house rules tab listing every option of each game that changes its rules (house rules,
// multiplayer, the others), in the schema's words, with the entries each adds to the rules book
// (horde_house's Horde). Replay (of an Ancient Warfare game the computer plays to its end for
// both seats): a hand's card explained when tapped, a line of the log showing the position after
// it, the log holding the whole game with the position marked (a line ahead of it or behind it
// going there), going to a turn's start, and the position kept in the address so that a link
// shows it. Screenshots go to e2e/artifacts/pages-*.png.
// Usage: node e2e/pages.mjs [path/to/ancients]
import { LAPTOP, PHONE, SIZES, launchBrowser, suite } from './harness.mjs';

const { check, shot, startServer, finish } = suite('pages');

const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const server = await startServer(['--agent', 'random']);
const browser = await launchBrowser();
try {
  const catalogue = await (await fetch(`${server.url}api/catalogue`)).json();
  const book = await (
    await fetch(`${server.url}api/rules`, { method: 'POST', body: JSON.stringify({ game: 'ancient-warfare', options: { edition: 'autokill' } }) })
  ).json();

  // --- The DBA odds page ---
  const troops = await (await fetch(`${server.url}api/dba/troops`)).json();
  const groupNames = [...new Set(troops.items.map((it) => it.group))];
  for (const [size, name] of SIZES) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // The form: every item of the data in its group; on a phone the groups after the first
    // folded (a group with something chosen open), two items a row; on a laptop all open.
    await page.goto(`${server.url}#dba=odds&a=knights&b=spears,in=camp`);
    await page.waitForSelector('.dba-table');
    const keys = await page.locator('.dba-side').first().locator('.dba-item').count();
    check(keys === troops.items.length, `${name}: the odds form has every situation item of the data (${keys})`);
    const folds = await page
      .locator('.dba-side')
      .evaluateAll((sides) =>
        sides.map((s) => [...s.querySelectorAll('details.dba-group')].map((d) => [d.dataset.group, d.open, d.querySelector('summary').textContent])),
      );
    check(
      folds.every((f) => f.map(([g]) => g).join('|') === groupNames.join('|')),
      `${name}: the items are in the data's groups (${groupNames.join(', ')})`,
    );
    const chosenGroup = troops.items.find((it) => it.key === 'in').group;
    if (name === 'phone') {
      check(
        folds[0].every(([, open], k) => open === (k === 0)) && folds[1].every(([g, open], k) => open === (k === 0 || g === chosenGroup)),
        `${name}: on a phone only the first group and one with a choice made are open (${folds.map((f) => f.map(([g, o]) => `${g}: ${o}`).join(', ')).join(' / ')})`,
      );
      check(
        folds[1].some(([g, , summary]) => g === chosenGroup && /1 chosen/.test(summary)),
        `${name}: a group says how many of its items are chosen`,
      );
      const tops = await page
        .locator('.dba-side')
        .first()
        .locator('details.dba-group[open] .dba-item')
        .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
      check(
        new Set(tops).size <= Math.ceil(tops.length / 2) + 1,
        `${name}: the open items stand two to a row (${tops.length} items on ${new Set(tops).size} rows)`,
      );
      await shot(page, `odds-form-${name}`);
      const folded = await page
        .locator('.dba-sides')
        .first()
        .evaluate((e) => e.getBoundingClientRect().height);
      const openBefore = await page.locator('details.dba-group[open]').count();
      await page.locator('.dba-side').first().locator('details.dba-group:not([open]) > summary').first().click();
      check(
        (await page.locator('details.dba-group[open]').count()) === openBefore + 1 &&
          (await page.locator('.dba-side').first().locator('details.dba-group').nth(1).locator('.dba-item').first().isVisible()),
        `${name}: a folded group opens when tapped`,
      );
      await page.evaluate(() => document.querySelectorAll('details.dba-group').forEach((d) => (d.open = true)));
      const unfolded = await page
        .locator('.dba-sides')
        .first()
        .evaluate((e) => e.getBoundingClientRect().height);
      check(folded < unfolded * 0.65, `${name}: folded, the form is much shorter (${Math.round(folded)} px, ${Math.round(unfolded)} px all open)`);
    } else {
      check(
        folds.every((f) => f.every(([, open]) => open)) && (await page.locator('.dba-item:visible').count()) === 2 * troops.items.length,
        `${name}: on a laptop every group is open and every item in sight`,
      );
    }
    check((await overflow(page)) <= 0, `${name}: the odds form fits the screen's width`);
    if (name !== 'phone') await shot(page, `odds-form-${name}`);
    // Shooting: the shooter not shot at has a row of its own for each total, each saying what
    // the sheet's row would be were it shot at in return, not one sentence three times.
    await page.goto(`${server.url}#dba=odds&a=bows-solid&b=bows-solid&shooting=1`);
    await page.waitForSelector('.dba-why');
    const rowsA = await page.locator('.dba-why').first().locator('li').allTextContents();
    check(
      rowsA.length === 3 && new Set(rowsA.map((r) => r.replace(/^[^)]*\)/, ''))).size === 3 && rowsA.every((r) => /shoot back/.test(r)),
      `${name}: the shooter's rows each say their own row (${rowsA.join(' | ')})`,
    );
    await page.goto(`${server.url}#dba=odds&a=bows-solid&b=knights&shooting=1`);
    await page.waitForFunction(() => /Knights/.test(document.querySelector('.dba-table caption')?.textContent ?? ''));
    const rowsK = await page.locator('.dba-why').first().locator('li').allTextContents();
    check(
      rowsK.length === 1 && /Whatever the totals/.test(rowsK[0]) && /cannot shoot back/.test(rowsK[0]),
      `${name}: against a non-shooter the shooter's rows are said once (${rowsK.join(' | ')})`,
    );
    await shot(page, `odds-shooting-${name}`);
    check(errors.length === 0, `${name}: the odds page has no page errors (${errors.join('; ')})`);
    await page.close();
  }

  // --- The rules page ---
  for (const [size, name] of SIZES) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#rules=autokill`);
    await page.waitForSelector('#rules-units');
    // A link to each section of the book, which brings it to the top of the screen.
    const links = await page.locator('.rules-jump a').allTextContents();
    check(links.join('|') === book.sections.map((s) => s.title).join('|'), `${name}: the rules link to each section (${links.join(', ')})`);
    // The cards: a section with much after it, so that the page can bring it to the top.
    const last = book.sections[Math.min(2, book.sections.length - 1)];
    await page.locator('.rules-jump a', { hasText: last.title }).click();
    // The scroll may be smooth: wait until it has brought the section up (a loaded machine takes
    // longer than a fixed pause).
    await page
      .waitForFunction((id) => Math.abs(document.getElementById(`rules-${id}-title`).getBoundingClientRect().top) < 40, last.id, { timeout: 5000 })
      .catch(() => {});
    const top = await page.evaluate((id) => document.getElementById(`rules-${id}-title`).getBoundingClientRect().top, last.id);
    check(
      Math.abs(top) < 40 && (await page.evaluate(() => location.hash)) === '#rules=autokill',
      `${name}: a section's link scrolls to it (${Math.round(top)} px from the top)`,
    );
    // Finding a unit: only the entries that hold the words stay.
    const all = await page.locator('.rule-card').count();
    await page.fill('#rules-find', 'knights auto-kill');
    const shown = await page.locator('.rule-card:visible').allTextContents();
    check(
      shown.length > 0 && shown.length < all && shown.every((t) => /knights/i.test(t) && /auto-kill/i.test(t)),
      `${name}: finding "knights auto-kill" keeps the ${shown.length} of ${all} entries that hold both words`,
    );
    const hiddenHeads = await page.locator('.rules-body h2:visible').count();
    check(hiddenHeads < book.sections.length + 1, `${name}: a section with nothing found hides its title`);
    await shot(page, `rules-find-${name}`);
    await page.fill('#rules-find', 'qqqq');
    check(await page.isVisible('#rules-none'), `${name}: finding nothing says so`);
    await page.fill('#rules-find', '');
    check((await page.locator('.rule-card:visible').count()) === all && (await page.isHidden('#rules-none')), `${name}: an empty box shows every entry again`);
    check((await overflow(page)) <= 0, `${name}: the rules fit the screen's width`);
    // Ancient Generals' facts: when the hand is filled and how the game ends, as it plays.
    await page.goto(`${server.url}#rules=generals`);
    await page.waitForSelector('#rules-units');
    const lead = await page.textContent('.rules-body .lead');
    check(
      /Draw phase fills the hand/.test(lead) && !/after the Discard phase/.test(lead) && /both empty/.test(lead) && /turn limit/.test(lead),
      `${name}: the Generals rules say the Draw phase fills the hand and how the game ends (${lead})`,
    );
    // The house rules and other options: every option that changes a game's rules, by game.
    await page.goto(`${server.url}#rules=house`);
    await page.waitForSelector('#rules-house');
    const subtitles = await page.locator('.rule-grid > .rule-card > h3 small').allTextContents();
    const expected = catalogue.games.flatMap((g) =>
      g.options.filter((o) => o.group !== 'setup' && !(o.group === 'rules' && o.type === 'choice')).map((o) => o.name),
    );
    check(
      expected.every((o) => subtitles.some((t) => t.trim() === o)) && subtitles.length === expected.length,
      `${name}: the house rules tab lists every rules option of every game (${subtitles.length}: ${expected.join(', ')})`,
    );
    const heads = await page.locator('.rules-body h2').allTextContents();
    check(
      catalogue.games.every((g) => heads.some((t) => t.startsWith(String(g.description).split(/[(:]/)[0].trim()))),
      `${name}: the options are grouped under their game (${heads.join(' / ')})`,
    );
    // Each yes/no option shows what it adds to the rules book (the book with it on, from the
    // server, against the book without it, in each edition): horde_house's Horde, and whatever
    // any other adds.
    const rulesBook = async (options) => {
      const r = await fetch(`${server.url}api/rules`, { method: 'POST', body: JSON.stringify({ game: 'ancient-warfare', options }) });
      return r.ok ? r.json() : null;
    };
    const warfareSpec = catalogue.games.find((g) => g.name === 'ancient-warfare');
    const edition = warfareSpec.options.find((o) => o.group === 'rules' && o.type === 'choice');
    for (const o of warfareSpec.options.filter((o) => o.type === 'bool')) {
      const gained = new Map();
      const taken = [];
      for (const v of edition.values) {
        const [without, withIt] = [await rulesBook({ [edition.name]: v }), await rulesBook({ [edition.name]: v, [o.name]: true })];
        if (!without || !withIt) continue;
        const before = new Set(without.sections.flatMap((s) => s.entries.map((e) => `${s.id}/${e.id}`)));
        for (const s of withIt.sections) for (const e of s.entries) if (!before.has(`${s.id}/${e.id}`)) gained.set(e.id, e.title);
        // The lines it takes away from an entry (horde_house's Great Many, in the retreat
        // edition), each said as gone.
        for (const s of without.sections)
          for (const e of s.entries) {
            const now = withIt.sections.find((t) => t.id === s.id)?.entries.find((f) => f.id === e.id);
            if (now) for (const l of e.lines) if (!now.lines.includes(l)) taken.push(`${v}: ${l}`);
          }
      }
      const optionCard = page.locator('.rule-grid > .rule-card').filter({ has: page.locator('h3 small', { hasText: new RegExp(`^\\s*${o.name}$`) }) });
      const shownIds = [...new Set(await optionCard.locator('.rule-added').evaluateAll((es) => es.map((e) => e.dataset.entry)))];
      check(
        shownIds.sort().join() === [...gained.keys()].sort().join() &&
          (o.name !== 'horde_house' || (gained.size > 0 && (await optionCard.textContent()).includes([...gained.values()][0]))),
        `${name}: ${o.name} shows the entries it adds to the rules book in each edition (${shownIds.join(', ') || 'none'})`,
      );
      if (taken.length) {
        const text = await optionCard.textContent();
        const missing = taken.filter((t) => !text.includes(`No longer: ${t.slice(t.indexOf(': ') + 2)}`));
        check(missing.length === 0, `${name}: ${o.name} says the lines it takes away from the rules book (${[...new Set(taken)].join('; ')})`);
      }
    }
    await page.fill('#rules-find', 'horde');
    const hordeCards = await page.locator('.rule-grid > .rule-card:visible h3 small').allTextContents();
    check(
      hordeCards.some((t) => t.trim() === 'horde_house'),
      `${name}: finding "horde" keeps the house rule with its Horde (${hordeCards.join(', ')})`,
    );
    await page.fill('#rules-find', '');
    const multi = await page.locator('.rule-card', { hasText: 'multi_move' }).textContent();
    check(/retreat/.test(multi) && /autokill/.test(multi), `${name}: several Move cards on one unit says each edition's distance (${multi})`);
    check((await overflow(page)) <= 0, `${name}: the house rules fit the screen's width`);
    await shot(page, `rules-house-${name}`);
    check(errors.length === 0, `${name}: the rules page has no page errors (${errors.join('; ')})`);
    await page.close();
  }

  // --- The replay of a finished game ---
  // The computer plays both seats (the creator's seat handed to it) to the turn limit.
  const finishedGame = async (options) => {
    const maker = await browser.newPage();
    await maker.goto(server.url);
    const made = await maker.evaluate(playedToTheEnd, options);
    await maker.close();
    return made;
  };
  const playedToTheEnd = async (options) => {
    const made = await (
      await fetch('/api/games', {
        method: 'POST',
        body: JSON.stringify({ game: 'ancient-warfare', vs: 'computer', agent: 'random', options }),
      })
    ).json();
    await new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: 'hello', game: made.id, token: made.token }));
        ws.send(JSON.stringify({ type: 'stand_in', seat: made.seat }));
      };
      ws.onmessage = (m) => {
        const d = JSON.parse(m.data);
        if (d.type === 'state' && d.over) resolve();
      };
      setTimeout(() => reject(new Error('the game did not end')), 60000);
    });
    return made.id;
  };
  const id = await finishedGame({ turn_limit: 12 });
  const replay = await (await fetch(`${server.url}api/games/${id}/replay`)).json();
  const n = replay.actions.length;
  for (const [size, name] of SIZES) {
    const page = await browser.newPage({ viewport: size });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#replay=${id}`);
    await page.waitForSelector('#scrub');
    // A hand's card is explained when tapped, from the game's rules book.
    const withCards = replay.positions.findIndex((p) => (p.hands?.['1'] ?? []).length > 0);
    await page.locator('#scrub').fill(String(withCards));
    const card = replay.positions[withCards].hands['1'][0];
    await page.locator(`#hands button.replay-card[data-card="${card}"]`).first().click();
    const entry = book.sections.flatMap((s) => s.entries).find((e) => e.id === card);
    const explained = await page.textContent('#explain');
    check(entry && explained.includes(entry.title) && explained.includes(entry.lines[0]), `${name}: a hand's card is explained when tapped (${card})`);
    // The address keeps the position, and a link shows it.
    check((await page.evaluate(() => location.hash)) === `#replay=${id}&at=${withCards}`, `${name}: the position is in the address`);
    const linked = await browser.newPage({ viewport: size });
    await linked.goto(`${server.url}#replay=${id}&at=${withCards}`);
    await linked.waitForSelector('#scrub');
    check((await linked.textContent('#step')).startsWith(`${withCards} / ${n}`), `${name}: a link with a position opens the replay there`);
    await linked.close();
    // A line of the log shows the position after its action.
    await page.click('#last');
    const target = Math.max(1, Math.floor(n / 2));
    await page.locator(`#log li[data-step="${target}"]:not(.turn-start)`).click();
    check(
      (await page.textContent('#step')).startsWith(`${target} / ${n}`) &&
        (await page.locator('#log li.current:not(.turn-start)').getAttribute('data-step')) === String(target),
      `${name}: a line of the log shows the position after its action (${target})`,
    );
    // Going to a turn: the position where it begins, its first line marked in the log.
    const options = await page.locator('#turn-jump option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    const turns = replay.actions.flatMap((a, k) => (a.events ?? []).filter((e) => e.type === 'turn').map(() => k + 1));
    check(options.length === turns.length + 1, `${name}: every turn can be gone to (${options.length - 1} of ${turns.length})`);
    const [value, label] = options[Math.min(3, options.length - 1)];
    await page.selectOption('#turn-jump', value);
    const marked = await page.locator('#log li.current').allTextContents();
    check(
      (await page.textContent('#step')).startsWith(`${value} / ${n}`) && marked.some((t) => t.includes(label)),
      `${name}: going to "${label}" shows the position where it begins, its line marked in the log`,
    );
    // The log reaches ahead too: every action of the game is in it, those after the position
    // greyed, and the marked line in the log's view.
    const steps = await page.locator('#log li').evaluateAll((lis) => lis.map((li) => [Number(li.dataset.step), li.classList.contains('future')]));
    const at = Number(value);
    check(
      new Set(steps.map(([s]) => s)).size === n && steps.every(([s, future]) => future === s > at),
      `${name}: the log holds the whole game (${n} actions), the ${steps.filter(([, f]) => f).length} lines after position ${at} greyed`,
    );
    const inView = await page.evaluate(() => {
      const log = document.getElementById('log').getBoundingClientRect();
      const cur = document.querySelector('#log li.current').getBoundingClientRect();
      return cur.top >= log.top - 1 && cur.bottom <= log.bottom + 1;
    });
    check(inView, `${name}: the marked line is in the log's view`);
    // A line ahead of the position, tapped, goes there, and the address follows.
    const ahead = Math.min(n, at + 5);
    await page.locator(`#log li[data-step="${ahead}"]:not(.turn-start)`).first().click();
    check(
      (await page.textContent('#step')).startsWith(`${ahead} / ${n}`) &&
        (await page.evaluate(() => location.hash)) === `#replay=${id}&at=${ahead}` &&
        (await page.locator('#log li.current:not(.turn-start)').getAttribute('data-step')) === String(ahead),
      `${name}: a line after the position, tapped, goes forward to it (${at} to ${ahead}), kept in the address`,
    );
    // And back: a line before it.
    await page.locator(`#log li[data-step="1"]`).first().click();
    check(
      (await page.textContent('#step')).startsWith(`1 / ${n}`) && (await page.locator('#log li.future').count()) > 0,
      `${name}: a line before the position goes back to it`,
    );
    check((await overflow(page)) <= 0, `${name}: the replay fits the screen's width`);
    await shot(page, `replay-${name}`);
    check(errors.length === 0, `${name}: the replay has no page errors (${errors.join('; ')})`);
    await page.close();
  }

  // A 12 x 12 game's replay on a phone: the table's zoom, and each step's move kept in sight.
  const wide = await finishedGame({ turn_limit: 10, board: 12 });
  const wideReplay = await (await fetch(`${server.url}api/games/${wide}/replay`)).json();
  const phone = await browser.newPage({ viewport: PHONE });
  const phoneErrors = [];
  phone.on('pageerror', (e) => phoneErrors.push(String(e)));
  await phone.goto(`${server.url}#replay=${wide}`);
  await phone.waitForSelector('#board-zoom');
  const squareSize = () => phone.evaluate(() => Math.round(document.querySelector('rect.sq')?.getBoundingClientRect().width ?? 0));
  const fitted = await squareSize();
  await phone.click('#board-zoom');
  await phone.waitForSelector('#board-frame');
  const frame = await phone.evaluate(() => {
    const f = document.getElementById('board-frame');
    return { wide: f.scrollWidth > f.clientWidth, ranks: f.querySelectorAll('.rank-strip span').length };
  });
  const zoomed = await squareSize();
  check(
    fitted < 36 && zoomed >= 40 && frame.wide && frame.ranks === 12 && (await overflow(phone)) <= 0,
    `phone: a 12 x 12 replay's board is zoomed as at the table, in a frame scrolled sideways (${fitted} px, then ${zoomed} px: ${JSON.stringify(frame)})`,
  );
  // Stepped through, every move's square of arrival is in the frame's sight.
  const hidden = [];
  let moves = 0;
  for (let k = 1; k <= wideReplay.actions.length; k++) {
    await phone.click('#next');
    const info = wideReplay.actions[k - 1].info;
    if (info?.kind !== 'move' || info.squares?.length !== 2) continue;
    moves++;
    const to = info.squares[1];
    const seen = await phone.evaluate((sq) => {
      const f = document.getElementById('board-frame').getBoundingClientRect();
      const r = document.querySelector(`#board-frame .hit[data-square="${sq}"]`)?.getBoundingClientRect();
      return !!r && r.left >= f.left - 1 && r.right <= f.right + 1;
    }, to);
    if (!seen) hidden.push(`${k}: ${to}`);
  }
  check(
    moves > 0 && hidden.length === 0,
    `phone: stepping a zoomed replay keeps each move's square in sight (${moves} moves; out of sight: ${hidden.join(', ') || 'none'})`,
  );
  await shot(phone, 'replay-12x12-zoomed-phone');
  check(phoneErrors.length === 0, `phone: the zoomed replay has no page errors (${phoneErrors.join('; ')})`);
  await phone.close();

  // A multiplayer battle's replay (2+2): named side by side, every player's hand, the log
  // coloured by side, the result's side named whole.
  const battle = await finishedGame({ turn_limit: 4, board: 12, contingents: true, players: '2+2' });
  const battleSummary = await (await fetch(`${server.url}api/games/${battle}`)).json();
  const battleReplay = await (await fetch(`${server.url}api/games/${battle}/replay`)).json();
  const seats = battleReplay.positions[0].players;
  const page = await browser.newPage({ viewport: LAPTOP });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(`${server.url}#replay=${battle}&at=${battleReplay.actions.length}`);
  await page.waitForSelector('#scrub');
  const heading = (await page.textContent('h1')) ?? '';
  const sides = heading.replace(/^Replay: /, '').split(' vs ');
  const sideOk = [1, 2].every((side) =>
    battleSummary.players.every((p, k) => (seats[String(k + 1)].side === side) === sides[side - 1].split(' & ').some((n) => n.startsWith(p.name))),
  );
  check(sides.length === 2 && sideOk, `a multiplayer replay's title names the two sides, each with its players ("${heading}")`);
  const handsShown = await page.locator('#hands p').count();
  check(handsShown === 4, `every player's hand is shown (${handsShown} of 4)`);
  // Each action's own line (the first of its step; a turn's start follows as a line of its own).
  const lines = await page.locator('#log li[data-step]').evaluateAll((lis) => lis.map((li) => [Number(li.dataset.step), li.className]));
  const firsts = lines.filter(([step], k) => k === 0 || lines[k - 1][0] !== step);
  const coloured = firsts.every(([step, c]) => c.split(' ').includes(`p${seats[String(battleReplay.actions[step - 1].player)].side}`));
  check(firsts.length === battleReplay.actions.length && coloured, `the log's lines are coloured by side (${firsts.length} actions)`);
  const result = (await page.textContent('#reason')) ?? '';
  const w = battleReplay.positions.at(-1).winner;
  check(
    w === 'draw'
      ? result.startsWith('The game is drawn.')
      : battleSummary.players.filter((p, k) => seats[String(k + 1)].side === w).every((p) => result.includes(p.name)),
    `the result names the winning side's players ("${result}")`,
  );
  await shot(page, 'replay-multiplayer-laptop');
  check(pageErrors.length === 0, `the multiplayer replay has no page errors (${pageErrors.join('; ')})`);
  await page.close();
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
}
finish('rules and replay page checks');
