// The form in which the echo defences compare answer and tool text, one code point at a time.

/**
 * Letters, digits and combining marks are compared; whitespace, punctuation and symbols are skipped, so a copy
 * whose commas were swapped for ASCII ones, or whose separators were changed, still matches.
 */
const KEPT = /^[\p{L}\p{N}\p{M}]$/u;

/**
 * The compared form of each UTF-16 unit plus one (−1 = skipped, 0 = not looked up yet), filled as units are
 * met: a text uses a few hundred distinct units.
 */
const UNIT_FORM = new Int32Array(0x10000);
/** The same for code points beyond the BMP (rare: emoji, which are symbols and skipped, and rare CJK). */
const ASTRAL_FORM = new Map<number, number>();

/** The stored value for `c`: its form plus one, or −1 when it is skipped (so 0 stays free for "unknown"). */
function lookUp(c: number): number {
  if (!KEPT.test(String.fromCodePoint(c))) return -1;
  let f = c;
  if ((f >= 0xff10 && f <= 0xff19) || (f >= 0xff21 && f <= 0xff3a) || (f >= 0xff41 && f <= 0xff5a))
    f -= 0xfee0;
  if (f >= 0x41 && f <= 0x5a) f += 0x20;
  return f + 1;
}

/**
 * The compared form of code point `c` (full-width ASCII folded, ASCII lower-cased), or −1 when it is not a
 * letter, digit or mark and the comparison skips it.
 */
export function compareForm(c: number): number {
  if (c <= 0xffff) {
    let v = UNIT_FORM[c]!;
    if (v === 0) UNIT_FORM[c] = v = lookUp(c);
    return v < 0 ? -1 : v - 1;
  }
  let v = ASTRAL_FORM.get(c);
  if (v === undefined) ASTRAL_FORM.set(c, (v = lookUp(c)));
  return v < 0 ? -1 : v - 1;
}
