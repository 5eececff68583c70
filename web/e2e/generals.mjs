// End-to-end checks of the Ancient Generals page as a newcomer reads it, in Debian's Chromium
// driven by playwright-core against a real `ancients serve`, on a laptop (a mouse) and a phone (a
// touch screen). A real game is begun from the lobby; then made-up states are put into the
// page's WebSocket (through a route, as run.mjs's section 4b does) to reach decisions that random
// play seldom reaches, and the page's own actions are kept from the server. Checked: the words
// that say how to pick one of many card choices (Rally's casualties) say what the device does (a
// mouse's click plays the card at once, a tap shows it first); a card that cannot be played now
// stays dimmed on a phone while the explanation its tap opened is shown (a tap leaves :hover
// behind); the Discard phase's prompt says that the Draw phase refills the hand, and the Tactics
// window's prompt when the battle is fought; the tactics played on a combat are drawn as its own
// (a phone once wrapped them above the next combat); a face-down card explains the piles when
// pointed at or tapped. Screenshots go to e2e/artifacts/generals-*.png.
// Usage: node e2e/generals.mjs [path/to/ancients]
import { LAPTOP, PHONE, launchBrowser, suite } from './harness.mjs';

const { check, shot, startServer, finish } = suite('generals');

/// A page whose WebSocket goes through a route: `put(changes)` sends it a state made from the
/// last real one, and the actions it sends from then on are kept in `acts`, not sent on.
async function routedGame(browser, url, size, touch) {
  const ctx = await browser.newContext({ viewport: size, hasTouch: touch, isMobile: touch });
  const page = await ctx.newPage();
  const link = { last: null, logLength: 0, acts: [], toPage: null, made: false };
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const srv = ws.connectToServer();
    link.toPage = (m) => ws.send(JSON.stringify(m));
    ws.onMessage((m) => {
      if (link.made && JSON.parse(String(m)).type === 'act') link.acts.push(JSON.parse(String(m)).action);
      else srv.send(m);
    });
    srv.onMessage((m) => {
      const st = JSON.parse(String(m));
      if (st.type === 'state') [link.last, link.logLength] = [st, st.log_from + st.log.length];
      ws.send(m);
    });
  });
  await page.goto(url);
  await page.waitForSelector('#create');
  // A phone only taps (a mouse's click there would take :hover over from the taps).
  const press = (sel) => (touch ? page.tap(sel) : page.click(sel));
  await press('label[for="game-ancient-generals"]');
  await press('#create');
  await page.waitForSelector('#hand .gcard', { timeout: 10000 });
  // The card faces and explanations come from the rules book, which may follow the first state.
  await page.waitForSelector('#hand .gcard.gunit .gstats, #hand .gcard.gtactic .gtext', { timeout: 5000 }).catch(() => {});
  for (const end = Date.now() + 30000; Date.now() < end; await page.waitForTimeout(100))
    if (link.last?.to_act === link.last?.seat && link.last?.legal?.length > 1) break;
  link.made = true;
  const was = link.last;
  let version = was.version;
  const seat = was.seat;
  /// A state of the player's own decision: `phase`, the hand, and its choices as [text, info].
  const put = (phase, hand, choices, extra = {}) => {
    version += 1;
    const players = structuredClone(was.view.players);
    if (hand) players[seat].hand = hand;
    Object.assign(players[seat], extra.mine ?? {});
    link.toPage({
      ...was,
      version,
      log_from: link.logLength,
      log: [],
      groups: [],
      situation: [],
      card_notes: {},
      to_act: seat,
      legal: choices.map(([t]) => t),
      actions: choices.map(([t, info]) => ({ squares: [], card: info.cards[0] ?? null, ...info })),
      view: { ...was.view, phase, active: extra.active ?? seat, players, battle: extra.battle ?? was.view.battle },
    });
  };
  return { page, link, put, seat };
}

const pass = (words) => ['pass', { kind: 'pass', cards: [], words }];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [size, tag] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ]) {
    const touch = tag === 'phone';
    const { page, link, put, seat } = await routedGame(browser, server.url, size, touch);

    // The opponent's hand face down, pointed at or tapped: the piles are explained (whose cards
    // are hidden, what Scout shows), as the pile counts are; a tap once did nothing.
    const back = page.locator(`#hand-${3 - seat} .gcard.back`).first();
    if (touch) await back.tap().catch(() => {});
    else await back.hover().catch(() => {});
    const told = touch
      ? await page.textContent('#sheet', { timeout: 2000 }).catch(() => '')
      : await page.textContent('#explain', { timeout: 2000 }).catch(() => '');
    check(
      /hidden from the opponent unless Scout shows it/.test(told ?? ''),
      `a face-down card of the opponent's hand explains the piles (${tag}: "${(told ?? '').slice(0, 60)}")`,
    );
    if (touch)
      await page
        .locator('#sheet')
        .tap()
        .catch(() => {});

    // Rally with seven casualties to take back: shown as cards, with how to pick one.
    const casualties = ['bowmen', 'slingers', 'psiloi', 'nomads', 'auxilia', 'peltasts', 'elephants'];
    put(
      'draw',
      null,
      [
        ...casualties.map((c) => [`rally ${c}`, { kind: 'rally', cards: [c], words: `Rally: take ${c} back from the casualties` }]),
        pass('Pass: done with Rally'),
      ],
      { mine: { casualties } },
    );
    await page.waitForSelector('#choose-rally .gcard', { timeout: 5000 }).catch(() => {});
    const how = (await page.textContent('#choose-rally-how', { timeout: 2000 }).catch(() => '')) ?? '';
    await shot(page, `rally-how-${tag}`);
    const psiloi = page.locator('#choose-rally .gcard[data-action="rally psiloi"]');
    if (touch) {
      check(/tap a card to see it, again to choose it/.test(how), `on a phone Rally's cards are said to be tapped twice ("${how}")`);
      await psiloi.tap();
      await page.waitForTimeout(300);
      check(link.acts.length === 0, `on a phone a first tap on one of Rally's cards plays nothing (${link.acts.join() || 'nothing'})`);
    } else {
      // The words once said "tap ... again to choose it" here, where one click plays the card.
      check(
        /click a card to choose it/.test(how) && !/again/.test(how),
        `on a laptop Rally's cards are said to be chosen with one click, as they are ("${how}")`,
      );
      await psiloi.click();
      await page.waitForTimeout(300);
      check(link.acts.join() === 'rally psiloi', `on a laptop one click on one of Rally's cards plays it (${link.acts.join() || 'nothing'})`);
    }

    // The Discard phase: why discard at all (the hand is filled again).
    link.acts = [];
    put(
      'discard',
      ['bowmen', 'reserve', 'shields'],
      [
        ['discard', { kind: 'discard', cards: [], words: 'Discard nothing' }],
        ['discard bowmen,reserve', { kind: 'discard', cards: ['bowmen', 'reserve'], words: 'Discard Bowmen, Reserve' }],
      ],
    );
    await page
      .waitForFunction(() => /^Discard phase/.test(document.querySelector('#actions p.prompt')?.textContent ?? ''), null, { timeout: 5000 })
      .catch(() => {});
    const discardPrompt = (await page.textContent('#actions p.prompt').catch(() => '')) ?? '';
    check(/Draw phase then fills your hand again/.test(discardPrompt), `the Discard phase says the hand is filled again after it (${tag}: "${discardPrompt}")`);

    // The Tactics window: when the battle is fought ("Pass: done with tactics for now" alone
    // left a newcomer guessing).
    put(
      'tactics',
      ['bowmen', 'overrun'],
      [pass('Pass: done with tactics for now'), ['play overrun 1', { kind: 'play', cards: ['overrun'], words: 'Play Overrun on combat 1' }]],
      {
        battle: { attackers: ['psiloi', 'bowmen'], blockers: {}, tactics: [{ player: 3 - seat, card: 'bloodlust', on: 'a1' }] },
      },
    );
    await page.waitForFunction(() => /^Tactics/.test(document.querySelector('#actions p.prompt')?.textContent ?? ''), null, { timeout: 5000 }).catch(() => {});
    const tacticsPrompt = (await page.textContent('#actions p.prompt').catch(() => '')) ?? '';
    check(/both players pass in a row/.test(tacticsPrompt), `the Tactics window says when the battle is fought (${tag}: "${tacticsPrompt}")`);
    await shot(page, `tactics-prompt-${tag}`);
    // The tactics played on combat 1 are seen as combat 1's: on its line, or (a phone) under its
    // cards, indented past its number, and above combat 2.
    const place = await page.evaluate(() => {
      const rect = (sel) => document.querySelector(sel)?.getBoundingClientRect();
      // Where the words are (a padding may indent them in their box).
      const words = (sel) => {
        const el = document.querySelector(sel);
        if (!el) return undefined;
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect();
      };
      const [on, card, next] = [words('.combat[data-combat="1"] .tactics'), rect('.combat[data-combat="1"] .gcard'), rect('.combat[data-combat="2"]')];
      if (!on || !card || !next) return null;
      return {
        inline: on.top < card.bottom && on.left > card.right,
        under: on.top >= card.bottom - 1 && on.left >= card.left - 1 && on.bottom <= next.top + 1,
      };
    });
    check(
      !!place && (place.inline || place.under),
      `the tactics played on a combat stand on its line or under its cards, not over the next combat (${tag}: ${JSON.stringify(place)})`,
    );

    // A card that cannot be played now, pointed at (laptop) or tapped (phone): its explanation
    // opens; on a phone the card stays dimmed while it is read, on a laptop it is shown in full.
    put(
      'flank',
      ['bowmen', 'reserve', 'shields'],
      [pass('Pass: done with the flank phase'), ['reserve', { kind: 'reserve', cards: ['reserve'], words: 'Play Reserve — draw 3 cards' }]],
    );
    await page
      .waitForFunction(() => /^Flank phase/.test(document.querySelector('#actions p.prompt')?.textContent ?? ''), null, { timeout: 5000 })
      .catch(() => {});
    const off = page.locator('#hand .gcard.off[data-card="bowmen"]');
    const opacity = () => off.evaluate((e) => Number(getComputedStyle(e).opacity)).catch(() => -1);
    if (touch) {
      // The hand at the top of the screen, above the explanation's sheet, where it stays seen.
      await page.evaluate(() => document.getElementById('hand')?.scrollIntoView({ block: 'start' }));
      await off.tap();
      await page.waitForSelector('#sheet', { timeout: 2000 }).catch(() => {});
      const seen = await opacity();
      // (Not covered by the sheet: what is at the card's middle is the card.)
      const uncovered = await off.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      await shot(page, `off-card-tapped-${tag}`);
      check(
        (await page.locator('#sheet').count()) === 1 && uncovered && seen > 0 && seen < 0.9,
        `on a phone a card that cannot be played stays dimmed while its tap's explanation is open (${uncovered ? 'seen' : 'covered'}, opacity ${seen})`,
      );
    } else {
      await off.hover();
      await page.waitForTimeout(200);
      const seen = await opacity();
      check(seen === 1, `on a laptop a dimmed card pointed at is shown in full (opacity ${seen})`);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  server.proc.kill();
}
finish('Generals page checks');
