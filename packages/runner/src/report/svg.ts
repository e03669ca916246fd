import { escapeHtml } from './escape';

/** One bar of a bar chart, optionally with a confidence interval. */
export interface Bar {
  /** Label under (or beside) the bar. */
  label: string;
  /** Bar value. */
  value: number;
  /** Lower end of the whisker. */
  low?: number | null;
  /** Upper end of the whisker. */
  high?: number | null;
  /** Text shown above the bar. */
  caption?: string;
  /** Tooltip. */
  title?: string;
}

const COLORS = {
  bar: '#4c78a8',
  whisker: '#1b1b1b',
  axis: '#888',
  grid: '#e4e4e4',
  text: '#333',
  bad: '#e45756',
};

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** Vertical bar chart with optional CI whiskers, y from 0 to `max`. */
export function verticalBars(
  bars: readonly Bar[],
  options: { max: number; width?: number; height?: number; label: string; ticks?: number },
): string {
  const width = options.width ?? 560;
  const height = options.height ?? 260;
  const left = 40;
  const bottom = 46;
  const top = 18;
  const plotW = width - left - 10;
  const plotH = height - top - bottom;
  const max = options.max > 0 ? options.max : 1;
  const y = (v: number): number => top + plotH - (Math.max(0, Math.min(max, v)) / max) * plotH;
  const parts: string[] = [];
  const ticks = options.ticks ?? 5;
  for (let i = 0; i <= ticks; i += 1) {
    const v = (max / ticks) * i;
    parts.push(
      `<line x1="${left}" x2="${width - 10}" y1="${y(v)}" y2="${y(v)}" stroke="${COLORS.grid}"/>`,
      `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11" fill="${COLORS.axis}">${fmt(v)}</text>`,
    );
  }
  const slot = bars.length === 0 ? plotW : plotW / bars.length;
  const barW = Math.max(4, Math.min(60, slot * 0.6));
  bars.forEach((bar, i) => {
    const cx = left + slot * i + slot / 2;
    const by = y(bar.value);
    parts.push(
      `<rect class="bar" x="${cx - barW / 2}" y="${by}" width="${barW}" height="${top + plotH - by}" fill="${COLORS.bar}"><title>${escapeHtml(bar.title ?? `${bar.label}: ${fmt(bar.value)}`)}</title></rect>`,
    );
    if (bar.low !== undefined && bar.low !== null && bar.high !== undefined && bar.high !== null) {
      const y1 = y(bar.low);
      const y2 = y(bar.high);
      parts.push(
        `<g class="whisker" stroke="${COLORS.whisker}" stroke-width="1.5"><line x1="${cx}" x2="${cx}" y1="${y1}" y2="${y2}"/><line x1="${cx - 6}" x2="${cx + 6}" y1="${y1}" y2="${y1}"/><line x1="${cx - 6}" x2="${cx + 6}" y1="${y2}" y2="${y2}"/></g>`,
      );
    }
    if (bar.caption !== undefined) {
      parts.push(
        `<text x="${cx}" y="${Math.max(12, by - 5)}" text-anchor="middle" font-size="11" fill="${COLORS.text}">${escapeHtml(bar.caption)}</text>`,
      );
    }
    parts.push(
      `<text x="${cx}" y="${top + plotH + 16}" text-anchor="middle" font-size="11" fill="${COLORS.text}">${escapeHtml(bar.label)}</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" x2="${width - 10}" y1="${top + plotH}" y2="${top + plotH}" stroke="${COLORS.axis}"/>`,
  );
  return `<svg class="chart" role="img" aria-label="${escapeHtml(options.label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}

/**
 * The width (px) a 12 px caption takes, rounded up: CJK and full-width characters are about square, digits and
 * Latin letters at most 7 px wide in the report's sans-serif fonts.
 */
function captionWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += ch.codePointAt(0)! >= 0x2e80 ? 12 : 7;
  return w;
}

/** Horizontal bar chart (values 0–`max`), one row per bar, with a value caption at the end. */
export function horizontalBars(
  bars: readonly Bar[],
  options: { max: number; width?: number; label: string; color?: 'bar' | 'bad' },
): string {
  const width = options.width ?? 560;
  const rowH = 24;
  const labelW = 170;
  // The caption column fits the longest caption (1234 (1231 ok, 12.34/ep) is wider than the usual 130 px),
  // taking its room from the bars, up to half the chart.
  const longest = Math.max(0, ...bars.map((b) => captionWidth(b.caption ?? fmt(b.value))));
  const captionW = Math.min(Math.floor(width / 2), Math.max(130, longest + 10));
  const plotW = width - labelW - captionW;
  const height = Math.max(1, bars.length) * rowH + 8;
  const max = options.max > 0 ? options.max : 1;
  const fill = COLORS[options.color ?? 'bar'];
  const parts: string[] = [];
  bars.forEach((bar, i) => {
    const y = 4 + i * rowH;
    const w = (Math.max(0, Math.min(max, bar.value)) / max) * plotW;
    parts.push(
      `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end" font-size="12" fill="${COLORS.text}">${escapeHtml(bar.label)}</text>`,
      `<rect x="${labelW}" y="${y + 3}" width="${plotW}" height="${rowH - 8}" fill="${COLORS.grid}"/>`,
      `<rect class="bar" x="${labelW}" y="${y + 3}" width="${w}" height="${rowH - 8}" fill="${fill}"><title>${escapeHtml(bar.title ?? `${bar.label}: ${fmt(bar.value)}`)}</title></rect>`,
      `<text x="${labelW + plotW + 6}" y="${y + 15}" font-size="12" fill="${COLORS.text}">${escapeHtml(bar.caption ?? fmt(bar.value))}</text>`,
    );
  });
  return `<svg class="chart" role="img" aria-label="${escapeHtml(options.label)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">${parts.join('')}</svg>`;
}
