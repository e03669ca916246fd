/**
 * Shortens a tool result for the tool message the model sees. Texts within `max` code points pass unchanged;
 * longer ones are cut at the last line break inside the limit (or hard at the limit when that break would
 * drop more than half) and end with a note giving the full length. The trace keeps the full text.
 */
export function truncateForModel(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const lastBreak = head.lastIndexOf('\n');
  const cut = lastBreak >= head.length / 2 ? head.slice(0, lastBreak) : head;
  return `${cut}\n... (truncated, ${chars.length} chars total)`;
}
