import { startServer, launch, targets, open } from '/work/wt-hist/tests/e2e/helpers.mjs';
const s = await startServer(); const b = await launch();
const only = process.argv[2] || 'all';
for (const vp of [{ width: 1366, height: 768 }, { width: 390, height: 844 }, { width: 844, height: 390 }]) {
  const tag = vp.width + 'x' + vp.height;
  if (only === 'all' || only === 'hist') {
    const p = await open(b, targets(s).http, { viewport: vp, mobile: vp.width < 900 });
    await p.moves(['e3e4', 'e7e6', 'c3c4', 'c7c6', 'd3d4']);
    await p.page.click('#moves li.row [data-ply="2"]');
    await p.click('d3'); await p.click('d4');
    await p.moves(['d7d6']);
    await p.page.click('#btn-takeback');
    await p.page.waitForTimeout(300);
    await p.page.screenshot({ path: `/tmp/hist-shots/variation-${tag}.png` });
    await p.variant('chess');
    await p.moves(['e2e4']);
    await p.page.locator('#recent-box').scrollIntoViewIfNeeded();
    await p.page.screenshot({ path: `/tmp/hist-shots/recent-${tag}.png` });
    await p.context.close();
  }
  if (only === 'all' || only === 'engine') {
    const p = await open(b, targets(s).http, { viewport: vp, mobile: vp.width < 900 });
    await p.variant('shogi');
    await p.page.waitForTimeout(6500);
    await p.page.screenshot({ path: `/tmp/hist-shots/shogi-${tag}.png` });
    await p.variant('venomous');
    await p.page.waitForTimeout(6500);
    await p.page.screenshot({ path: `/tmp/hist-shots/venomous-${tag}.png` });
    await p.context.close();
  }
}
await b.close(); await s.close();
