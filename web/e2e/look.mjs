// Dev helper: screenshots of the main screens against a running server (not a test).
import { chromium } from 'playwright-core';
const url = process.argv[2] ?? 'http://127.0.0.1:18601/';
const out = process.argv[3] ?? '/tmp/look';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
for (const [w, hgt, tag] of [
  [1366, 768, 'laptop'],
  [390, 844, 'phone'],
]) {
  const page = await browser.newPage({ viewport: { width: w, height: hgt } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(url);
  await page.waitForSelector('#create');
  await page.screenshot({ path: `${out}-${tag}-lobby.png`, fullPage: true });
  await page.click('#house-rules summary');
  await page.selectOption('#map', 'river-and-town');
  await page.check('#opt-dba_setup');
  await page.check('#opt-house_terrain');
  await page.check('#opt-nominated_general');
  await page.selectOption('#agent', 'random');
  await page.click('#create');
  await page.waitForSelector('#deploy-placed');
  await page.click('#deploy-placed');
  for (let k = 0; k < 60; ++k) {
    await page.waitForTimeout(150);
    if (await page.locator('#hand button.card:not(.off)').count()) break;
    const pass = page.locator('#actions button[data-action="pass"]');
    if (await pass.count())
      await pass
        .first()
        .click()
        .catch(() => {});
  }
  const card = page.locator('#hand button.card:not(.off)').first();
  if (await card.count()) await card.click();
  await page
    .locator('.hit.clickable')
    .first()
    .hover()
    .catch(() => {});
  await page.screenshot({ path: `${out}-${tag}-warfare.png`, fullPage: true });
  await page.goto(url);
  await page.waitForSelector('#create');
  await page.click('label[for="game-ancient-generals"]');
  await page.selectOption('#agent', 'random');
  await page.click('#create');
  await page.waitForSelector('#hand');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}-${tag}-generals.png`, fullPage: true });
  await page.goto(url + '#rules');
  await page.waitForSelector('#rules-units');
  await page.screenshot({ path: `${out}-${tag}-rules.png` });
  await page.goto(url + '#game=nope');
  await page.waitForSelector('#fatal');
  await page.screenshot({ path: `${out}-${tag}-nogame.png` });
}
await browser.close();
