// Text helpers of the price and fact rules: lookups that replace per-character regex tests and per-text
// parses that several rules read.

/**
 * A predicate on one UTF-16 unit equal to `re.test(String.fromCharCode(code))`, memoised in a 64 KiB table:
 * scans that test every character of a line then cost one array read per character. `re` must be neither
 * global nor sticky (so a test has no state).
 */
export function unitTest(re: RegExp): (code: number) => boolean {
  // 0 = not yet known, 1 = matches, 2 = does not.
  const known = new Uint8Array(0x10000);
  return (code) => {
    let k = known[code]!;
    if (k === 0) {
      k = re.test(String.fromCharCode(code)) ? 1 : 2;
      known[code] = k;
    }
    return k === 1;
  };
}
