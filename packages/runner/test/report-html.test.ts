import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext } from 'playwright-core';
import { escapeHtml, jsonForScript } from '../src/report/escape';
import { renderHtmlReport } from '../src/report/html';
import { reportCommand } from '../src/commands/report';
import { syntheticResult } from './helpers/synthetic';

const HOSTILE =
  '<img src=x onerror="window.__pwned=1"></script><script>window.__pwned=2</script>&amp; \u2028';
const CHROMIUM = '/usr/bin/chromium';
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The screenshots go to the test's own folder; with NAVWORLD_UPDATE_SCREENSHOTS=1 they replace the ones in
 * docs/ (which show Chinese text, so the machine needs a CJK font then: without one, every character is a box).
 */
const UPDATE_DOCS = process.env['NAVWORLD_UPDATE_SCREENSHOTS'] === '1';

function hasCjkFont(): boolean {
  const listed = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  return listed.status === 0 && listed.stdout.trim() !== '';
}

function sampleBatch() {
  const cities = ['北京', '上海', '成都', '西安', '贵阳'];
  const out = [];
  for (let taskId = 0; taskId < 21; taskId += 1) {
    for (let repeat = 0; repeat < 2; repeat += 1) {
      const total = (taskId * 37 + repeat * 23) % 100;
      out.push(
        syntheticResult({
          taskId,
          repeat,
          total,
          city: cities[taskId % cities.length],
          failed: total < 30 ? ['tool_info_used'] : total < 50 ? ['poi_names_verified'] : [],
          tools: [
            { name: 'poi_search', ok: true },
            { name: 'weather', ok: taskId % 3 !== 0, errorCode: 'NO_RESULTS' },
            ...(taskId % 2 === 0 ? [{ name: 'search_flights', ok: true }] : []),
          ],
          answer: taskId === 3 ? HOSTILE : `第1天：参观景点，总分 ${total}`,
        }),
      );
    }
  }
  out.push(syntheticResult({ taskId: 99, valid: false }));
  return out;
}

describe('escaping', () => {
  it('escapes HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
  it('keeps script-embedded JSON inert and round-trippable', () => {
    const text = jsonForScript({ a: HOSTILE });
    expect(text).not.toContain('<');
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ a: HOSTILE });
  });
});

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(sampleBatch(), { resamples: 200, subtitle: 'test' });

  it('is self-contained: no external URLs, a strict CSP, charts and a row per episode', () => {
    expect(html).toContain('Content-Security-Policy');
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/(src|href)=["']?https?:/i);
    expect(html).not.toMatch(/@import|url\(/);
    expect((html.match(/<svg class="chart"/g) ?? []).length).toBe(5);
    expect((html.match(/data-episode="/g) ?? []).length).toBe(43);
  });

  it('explains a pass rate of 0 when no episode was judged, and only then', () => {
    const note =
      'no episode was judged: the code score alone reaches at most 50, below the pass mark of 60';
    // The sample's synthetic results are judged.
    expect(html).not.toContain(note);
    const codeOnly = [0, 1, 2].map((taskId) =>
      syntheticResult({ taskId, repeat: 0, total: 48, judgeStatus: 'disabled' }),
    );
    expect(renderHtmlReport(codeOnly, { resamples: 200 })).toContain(escapeHtml(note));
  });

  it("shows an unscored episode's total as a dash, in its row and its dialog data", () => {
    const page = renderHtmlReport(
      [syntheticResult({ taskId: 1, total: 42 }), syntheticResult({ taskId: 2, valid: false })],
      { resamples: 200 },
    );
    const rows = page.match(/<tr[^>]*><td class="num" data-v="\d+">\d+<\/td>.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('<td class="num" data-v="42">42.0</td>');
    // Sorted by total, unscored rows go below every score.
    expect(rows[1]).toContain('<td class="num" data-v="-1">–</td>');
    expect(rows[1]).not.toContain('0.0');
    const data = JSON.parse(
      /<script type="application\/json" id="episode-data">(.*?)<\/script>/s.exec(page)![1]!,
    ) as {
      episodes: Array<{ total: number | null }>;
    };
    expect(data.episodes.map((e) => e.total)).toEqual([42, null]);
  });

  it('never emits model text as markup', () => {
    expect(html).not.toContain('onerror="window.__pwned');
    expect(html).not.toContain('<script>window.__pwned');
    // Exactly two script elements: the JSON data block and the viewer.
    expect((html.match(/<script/g) ?? []).length).toBe(2);
  });
});

const describeBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`skipping the browser test: ${CHROMIUM} is missing (apt-get install -y chromium)`);
}

describeBrowser('HTML report in headless Chromium', () => {
  let browser: BrowserContext;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navworld-report-'));
    // A fresh profile directory per run; playwright passes it as --user-data-dir.
    browser = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1360, height: 1000 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders charts and the episode table, opens an episode, and runs no injected script', async () => {
    const results = join(dir, 'results.jsonl');
    await writeFile(
      results,
      sampleBatch()
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const htmlPath = join(dir, 'report.html');
    const lines: string[] = [];
    expect(await reportCommand(results, { html: htmlPath, write: (l) => lines.push(l) })).toBe(0);
    expect(lines.join('\n')).toContain('NAVWORLD batch summary');

    const page = await browser.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) requests.push(r.url());
    });
    await page.goto(pathToFileURL(htmlPath).href);
    await page.waitForSelector('html[data-ready="true"]');

    expect(await page.locator('svg.chart').count()).toBe(5);
    expect(await page.locator('#chart-type rect.bar').count()).toBe(7);
    expect(await page.locator('#chart-type g.whisker').count()).toBe(7);
    expect(await page.locator('#chart-difficulty rect.bar').count()).toBe(3);
    expect(await page.locator('#episodes tbody tr').count()).toBe(43);
    const box = await page.locator('#chart-histogram svg').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);

    if (UPDATE_DOCS && !hasCjkFont())
      throw new Error('NAVWORLD_UPDATE_SCREENSHOTS=1 needs a CJK font (Debian: fonts-noto-cjk)');
    const shots = UPDATE_DOCS ? join(REPO_ROOT, 'docs') : dir;
    await page.screenshot({ path: join(shots, 'report-screenshot.png'), fullPage: false });

    // Open the episode whose answer is hostile HTML: it must show as text.
    await page.locator('button[data-episode="6"]').click();
    await page.waitForSelector('#episode-dialog[open]');
    expect(await page.locator('#episode-title').textContent()).toContain('Task 3');
    const text = (await page.locator('#episode-body').textContent()) ?? '';
    expect(text).toContain('onerror="window.__pwned=1"');
    expect(text).toContain('Hard constraints');
    expect(text).toContain('Tool trace (2 calls)');
    expect(await page.locator('#episode-body img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.screenshot({ path: join(shots, 'report-episode-screenshot.png') });
    await page.locator('#episode-close').click();
    expect(await page.locator('#episode-dialog[open]').count()).toBe(0);

    // Sorting and filtering work.
    await page.locator('th[data-col="5"]').click();
    const totals = await page.locator('#episodes tbody tr td:nth-child(6)').allTextContents();
    // The one unscored episode first (no total), then the lowest score.
    expect(totals.slice(0, 2)).toEqual(['–', '0.0']);
    await page.fill('#filter', '上海');
    const visible = await page.locator('#episodes tbody tr:not([hidden])').count();
    expect(visible).toBeGreaterThan(0);
    expect(visible).toBeLessThan(43);

    expect(problems).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
    expect((await readFile(join(shots, 'report-screenshot.png'))).length).toBeGreaterThan(10_000);
  });

  it('keeps every chart label inside its chart, long tool-usage captions included', async () => {
    // 1,234 calls in one of seven episodes: the caption "1234 (1231 ok, 176.29/ep)" overflowed the 130 px column.
    const tools = Array.from({ length: 1234 }, (_, i) => ({ name: 'direction', ok: i >= 3 }));
    const batch = [...sampleBatch().slice(0, 6), syntheticResult({ taskId: 60, tools })];
    const htmlPath = join(dir, 'captions.html');
    await writeFile(htmlPath, renderHtmlReport(batch, { resamples: 200, subtitle: 'captions' }));
    const page = await browser.newPage();
    await page.goto(pathToFileURL(htmlPath).href);
    await page.waitForSelector('html[data-ready="true"]');
    const overflowing = await page.evaluate(() => {
      // The page's globals, typed here: the test compiles without the DOM library.
      type Box = { left: number; right: number };
      type Node = { getBoundingClientRect(): Box; textContent: string | null };
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Node[] } })
        .document;
      const out: string[] = [];
      for (const svg of Array.from(doc.querySelectorAll('svg.chart'))) {
        const frame = svg.getBoundingClientRect();
        const texts = (svg as unknown as { querySelectorAll(s: string): Node[] }).querySelectorAll(
          'text',
        );
        for (const text of Array.from(texts)) {
          const box = text.getBoundingClientRect();
          if (box.right > frame.right + 0.5 || box.left < frame.left - 0.5)
            out.push(text.textContent ?? '');
        }
      }
      return out;
    });
    expect(overflowing).toEqual([]);
    expect(await page.locator('svg.chart text', { hasText: '1234 (1231 ok' }).count()).toBe(1);
    await page.close();
  });

  it('fits a 480 px wide window, with long unbroken error text wrapped in the episode dialog', async () => {
    const unbroken = `PROVIDER_TIMEOUT: ${'x'.repeat(400)}`;
    const batch = [
      ...sampleBatch().slice(0, 6),
      syntheticResult({ taskId: 50, valid: false, error: unbroken }),
    ];
    const htmlPath = join(dir, 'narrow.html');
    await writeFile(htmlPath, renderHtmlReport(batch, { resamples: 200, subtitle: 'narrow' }));
    const page = await browser.newPage();
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto(pathToFileURL(htmlPath).href);
    await page.waitForSelector('html[data-ready="true"]');
    const widths = () =>
      page.evaluate(() => {
        // The page's globals, typed here: the test compiles without the DOM library.
        const view = globalThis as unknown as {
          innerWidth: number;
          document: { documentElement: { scrollWidth: number } };
        };
        return { page: view.document.documentElement.scrollWidth, window: view.innerWidth };
      });
    const before = await widths();
    expect(before.page, JSON.stringify(before)).toBeLessThanOrEqual(before.window);

    await page.locator('button[data-episode="6"]').click();
    await page.waitForSelector('#episode-dialog[open]');
    const body = page.locator('#episode-body');
    expect(await body.textContent()).toContain(unbroken);
    const dialog = await body.evaluate((node) => ({
      content: node.scrollWidth,
      box: node.clientWidth,
    }));
    expect(dialog.content, JSON.stringify(dialog)).toBeLessThanOrEqual(dialog.box);
    const after = await widths();
    expect(after.page, JSON.stringify(after)).toBeLessThanOrEqual(after.window);
    await page.close();
  });
});
