// Bounded memos for pure functions of a string: names and halves recur across the texts of a city, and a
// long-running server must not grow without limit.

/**
 * `fn` remembering its answers: at most `capacity` keys are kept, the oldest going first; keys longer than
 * `maxKeyLength` are computed every time and not kept. `fn` must be pure and never return `undefined`.
 */
export function memoize<T>(
  fn: (key: string) => T,
  capacity: number,
  maxKeyLength = Number.POSITIVE_INFINITY,
): (key: string) => T {
  const memo = new Map<string, T>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      value = fn(key);
      if (key.length <= maxKeyLength) {
        if (memo.size >= capacity) memo.delete(memo.keys().next().value!);
        memo.set(key, value);
      }
    }
    return value;
  };
}
