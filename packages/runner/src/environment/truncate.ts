/**
 * Shortens a tool result for the tool message the model sees. Texts within `max` code points pass unchanged;
 * longer ones are cut at the last line break inside the limit (or hard at the limit when that break would
 * drop more than half) and end with a note giving the full length. The trace keeps the full text.
 */
export function truncateForModel(text: string, max: number): string {
  // A string has at least as many UTF-16 units as code points: a short one never needs counting.
  if (text.length <= max) return text;
  // Walk the code points once, noting where the first `max` of them end, without splitting the text.
  let count = 0;
  let headEnd = text.length;
  for (let i = 0; i < text.length; count++) {
    if (count === max) headEnd = i;
    i += isPairAt(text, i) ? 2 : 1;
  }
  if (count <= max) return text;
  const head = text.slice(0, headEnd);
  const lastBreak = head.lastIndexOf('\n');
  const cut = lastBreak >= head.length / 2 ? head.slice(0, lastBreak) : head;
  return `${cut}\n... (truncated, ${count} chars total)`;
}

/** Whether a surrogate pair (one code point in two UTF-16 units) starts at `i`; lone surrogates count alone. */
function isPairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  if (high < 0xd800 || high > 0xdbff || i + 1 >= text.length) return false;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}
