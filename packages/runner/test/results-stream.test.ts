// Results files are read a chunk at a time (a whole file in one string fails past ~512 MiB). These tests pin
// that the chunked reader gives exactly what reading the whole file gave: the same lines, records, counters
// and resume cut, wherever the chunk boundaries fall.
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EpisodeResultSchema, type EpisodeResult } from '@navworld/core-types';
import {
  READ_CHUNK_BYTES,
  forEachLine,
  openResultsStore,
  readResults,
  type ReadResultsOutput,
} from '../src/results/store';
import { TEST_VERSIONS, syntheticResult } from './helpers/synthetic';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-stream-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const EMOJI = '🙂'; // 4 bytes in UTF-8
const CJK = '故'; // 3 bytes in UTF-8

/** The reading of a results file before it was streamed: one string of the whole file. */
async function wholeFileReadResults(path: string): Promise<ReadResultsOutput> {
  const parsed: EpisodeResult[] = [];
  let skippedLines = 0;
  for (const line of (await readFile(path)).toString('utf8').split('\n')) {
    if (line.trim() === '') continue;
    let result: EpisodeResult | null = null;
    try {
      const p = EpisodeResultSchema.safeParse(JSON.parse(line));
      if (p.success) result = p.data;
    } catch {
      // not JSON
    }
    if (result === null) skippedLines += 1;
    else parsed.push(result);
  }
  const slot = (r: EpisodeResult): string => JSON.stringify([r.agent, r.model, r.taskId, r.repeat]);
  const lastIndex = new Map<string, number>();
  parsed.forEach((r, i) => lastIndex.set(slot(r), i));
  const results = parsed.filter((r, i) => r.validForScoring || lastIndex.get(slot(r)) === i);
  return { results, skippedLines, supersededLines: parsed.length - results.length };
}

/**
 * The lines `forEachLine` must report for some bytes: `split('\n')` of the decoded whole, without a leading
 * byte-order mark.
 */
function expectedLines(bytes: Buffer): Array<[string, boolean]> {
  const parts = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\n');
  const tail = parts.pop() ?? '';
  const out = parts.map((p): [string, boolean] => [p, true]);
  if (tail !== '') out.push([tail, false]);
  return out;
}

async function linesOf(
  path: string,
  chunkBytes: number,
): Promise<{ lines: Array<[string, boolean]>; completeLength: number; length: number }> {
  const handle = await open(path, 'r');
  try {
    const lines: Array<[string, boolean]> = [];
    const scan = await forEachLine(
      handle,
      (text, terminated) => {
        lines.push([text, terminated]);
      },
      chunkBytes,
    );
    return { lines, ...scan };
  } finally {
    await handle.close();
  }
}

/** One record as a JSON line of exactly `bytes` bytes (no newline), its answer ending with `text`. */
function recordOfLength(taskId: number, bytes: number, text = '', valid = true): string {
  const record = (answer: string): string =>
    JSON.stringify({ ...syntheticResult({ taskId, valid }), answer });
  const pad = bytes - Buffer.byteLength(record(text));
  if (pad < 0) throw new Error(`a record of task ${taskId} needs more than ${bytes} bytes`);
  return record('a'.repeat(pad) + text);
}

/** A record whose `marker` (in its answer) starts `offset` bytes into the line. */
function recordWithMarkerAt(taskId: number, marker: string, offset: number): string {
  const probe = Buffer.from(recordOfLength(taskId, 4096, marker));
  const at = probe.lastIndexOf(Buffer.from(marker));
  const line = recordOfLength(taskId, 4096 + offset - at, marker);
  expect(Buffer.from(line).lastIndexOf(Buffer.from(marker))).toBe(offset);
  return line;
}

describe('forEachLine', () => {
  const samples: Record<string, Buffer> = {
    'text with a tail': Buffer.from(
      `\uFEFF{"a":"${CJK}${EMOJI}"}\n\n  \r\n{"b":1}\r\n${EMOJI}${EMOJI}\n${CJK}-tail`,
    ),
    'text ending with a newline': Buffer.from(`${EMOJI}\n${CJK}${CJK}\r\n\n`),
    // Bytes that are not UTF-8 decode as they did in one piece (a newline ends a cut-off character).
    'invalid UTF-8': Buffer.concat([
      Buffer.from('x'),
      Buffer.from([0xe4, 0x0a, 0x80, 0xf0, 0x9f]),
      Buffer.from(`\n${EMOJI}`),
      Buffer.from([0xe4, 0xb8]),
    ]),
    'a lone carriage return inside a line': Buffer.from('{"a":1,\r"b":2}\n\r\n'),
    'only newlines': Buffer.from('\n\n\n'),
    empty: Buffer.alloc(0),
  };

  for (const [name, bytes] of Object.entries(samples)) {
    it(`splits ${name} as the whole decoded file at every chunk size`, async () => {
      const path = join(dir, 'lines.txt');
      await writeFile(path, bytes);
      const expected = expectedLines(bytes);
      for (let size = 1; size <= bytes.length + 2; size += 1) {
        const read = await linesOf(path, size);
        expect(read.lines, `chunk size ${size}`).toEqual(expected);
        expect(read.completeLength).toBe(bytes.lastIndexOf(0x0a) + 1);
        expect(read.length).toBe(bytes.length);
      }
    });
  }

  it('refuses a chunk size that is not a positive integer', async () => {
    const path = join(dir, 'lines.txt');
    await writeFile(path, 'a\n');
    for (const size of [0, -1, 1.5]) await expect(linesOf(path, size)).rejects.toThrow(RangeError);
  });
});

describe('readResults and resume over chunk boundaries', () => {
  it('reads a record whose CJK character or emoji straddles a chunk boundary intact', async () => {
    // Every cut inside either character: 1–2 bytes of 故 before the boundary, 1–3 of 🙂.
    const cases = [
      ...[1, 2].map((k) => ({ marker: `${CJK}!`, k })),
      ...[1, 2, 3].map((k) => ({ marker: `${EMOJI}!`, k })),
    ];
    for (const [i, { marker, k }] of cases.entries()) {
      const path = join(dir, `straddle-${i}.jsonl`);
      const first = JSON.stringify(syntheticResult({ taskId: 1 }));
      // The second line starts after the first and its newline.
      const second = recordWithMarkerAt(
        2,
        marker,
        READ_CHUNK_BYTES - k - Buffer.byteLength(first) - 1,
      );
      const bytes = Buffer.from(`${first}\n${second}\n`);
      expect(bytes.lastIndexOf(Buffer.from(marker))).toBe(READ_CHUNK_BYTES - k);
      await writeFile(path, bytes);
      const read = await readResults(path);
      expect(read.skippedLines).toBe(0);
      expect(read.results.map((r) => r.taskId)).toEqual([1, 2]);
      expect(read.results[1]?.answer.endsWith(marker)).toBe(true);
      expect(read.results[1]?.answer).toBe((JSON.parse(second) as EpisodeResult).answer);
      const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
      expect([store.doneCount, store.isDone(2, 0)]).toEqual([2, true]);
      await store.close();
      expect(await readFile(path)).toEqual(bytes);
    }
  });

  it('reads a file of thousands of records as reading it whole did', async () => {
    const path = join(dir, 'many.jsonl');
    const lines: string[] = [];
    for (let t = 0; t < 3000; t += 1) {
      // Unscored records retried later, some blank and broken lines, CRLF now and then.
      const valid = t % 7 !== 3;
      lines.push(
        JSON.stringify(syntheticResult({ taskId: t % 2500, valid, answer: `${CJK}${t}${EMOJI}` })),
      );
      if (t % 500 === 0) lines.push('', '   ', '{"not":"a record"}', 'not json');
      if (t % 250 === 0) lines[lines.length - 1] += '\r';
    }
    await writeFile(
      path,
      `${lines.join('\n')}\n${JSON.stringify(syntheticResult({ taskId: 9 })).slice(0, 700)}`,
    );
    const read = await readResults(path);
    expect(read).toEqual(await wholeFileReadResults(path));
    expect(read.skippedLines).toBe(13); // 2 broken lines 6 times over, and the torn last one
    expect(read.supersededLines).toBeGreaterThan(0);
    expect(read.results.length + read.supersededLines).toBe(3000);
  });

  it('cuts a torn last line that straddles a chunk boundary at its first byte, leaving the rest as it was', async () => {
    const whole = JSON.stringify(
      syntheticResult({ taskId: 3, answer: `${CJK}${EMOJI}`.repeat(40) }),
    );
    // Where the last newline ends relative to the boundary: before it, exactly on it, and just after it.
    for (const [i, shift] of [-700, -1, 0, 1].entries()) {
      const path = join(dir, `torn-${i}.jsonl`);
      const first = JSON.stringify(syntheticResult({ taskId: 1 }));
      const completeLength = READ_CHUNK_BYTES + shift;
      const second = recordOfLength(2, completeLength - Buffer.byteLength(first) - 2);
      const good = Buffer.from(`${first}\n${second}\n`);
      expect(good.length).toBe(completeLength);
      // Torn inside a multi-byte character, as a kill mid-write can leave it.
      const tornBytes = Buffer.from(whole).subarray(
        0,
        Buffer.from(whole).indexOf(Buffer.from(EMOJI), 900) + 2,
      );
      const bytes = Buffer.concat([good, tornBytes]);
      expect(bytes.length).toBeGreaterThan(READ_CHUNK_BYTES + 1);
      await writeFile(path, bytes);
      const read = await readResults(path);
      expect([read.results.length, read.skippedLines]).toEqual([2, 1]);
      const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
      expect([store.doneCount, store.isDone(3, 0)]).toEqual([2, false]);
      await store.close();
      expect(await readFile(path)).toEqual(good);
    }
  });

  it('keeps a whole last record past a chunk boundary whose newline is missing, and adds the newline', async () => {
    const path = join(dir, 'no-newline.jsonl');
    const first = recordOfLength(1, READ_CHUNK_BYTES - 10);
    const last = JSON.stringify(syntheticResult({ taskId: 2, answer: EMOJI }));
    await writeFile(path, `${first}\n${last}`);
    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(store.isDone(2, 0)).toBe(true);
    await store.close();
    expect(await readFile(path, 'utf8')).toBe(`${first}\n${last}\n`);
  });

  it('accepts CRLF line endings as before, cutting only after the last newline', async () => {
    const path = join(dir, 'crlf.jsonl');
    const records = [1, 2, 3].map((t) =>
      JSON.stringify(syntheticResult({ taskId: t, answer: CJK })),
    );
    const good = `${records.join('\r\n')}\r\n\r\n`;
    const torn = JSON.stringify(syntheticResult({ taskId: 4 })).slice(0, 300);
    await writeFile(path, good + torn);
    const read = await readResults(path);
    expect(read).toEqual(await wholeFileReadResults(path));
    expect([read.results.map((r) => r.taskId), read.skippedLines]).toEqual([[1, 2, 3], 1]);
    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect([store.doneCount, store.isDone(3, 0), store.isDone(4, 0)]).toEqual([3, true, false]);
    await store.close();
    expect(await readFile(path, 'utf8')).toBe(good);
    // A whole record ending in '\r' without its '\n' is kept, as before.
    await writeFile(path, `${records[0]}\r\n${records[1]}\r`);
    const again = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(again.isDone(2, 0)).toBe(true);
    await again.close();
    expect(await readFile(path, 'utf8')).toBe(`${records[0]}\r\n${records[1]}\r\n`);
  });

  it('reads and resumes a file that starts with a byte-order mark, keeping the mark', async () => {
    const path = join(dir, 'bom.jsonl');
    const records = [1, 2].map((t) => JSON.stringify(syntheticResult({ taskId: t })));
    const text = `\uFEFF${records.join('\n')}\n`;
    await writeFile(path, text);
    const read = await readResults(path);
    expect([read.results.map((r) => r.taskId), read.skippedLines]).toEqual([[1, 2], 0]);
    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect([store.doneCount, store.isDone(1, 0)]).toEqual([2, true]);
    await store.close();
    expect(await readFile(path, 'utf8')).toBe(text);
  });

  it('names the first offending record in file order when it refuses to resume', async () => {
    const path = join(dir, 'refuse.jsonl');
    const newer = { ...TEST_VERSIONS, scorer: 's2' };
    const records = [
      syntheticResult({ taskId: 1 }),
      { ...syntheticResult({ taskId: 2 }), agent: 'openai', model: 'm-2' },
      syntheticResult({ taskId: 3, versions: newer }),
      { ...syntheticResult({ taskId: 4 }), agent: 'openai', model: 'm-4' },
      syntheticResult({ taskId: 5, versions: newer }),
    ];
    const bytes = `${records.map((r) => JSON.stringify(r)).join('\n')}\n{"torn":`;
    await writeFile(path, bytes);
    await expect(
      openResultsStore(path, { resume: true, versions: TEST_VERSIONS, agent: 'reference' }),
    ).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      message: expect.stringContaining('holds results of agent openai (model m-2)'),
    });
    await expect(
      openResultsStore(path, { resume: true, versions: TEST_VERSIONS }),
    ).rejects.toMatchObject({
      code: 'VERSION_MISMATCH',
      details: { fields: ['scorer'], taskId: 3 },
    });
    // A refused file is left as it is, torn line included.
    expect(await readFile(path, 'utf8')).toBe(bytes);
    const forced = await openResultsStore(path, {
      resume: true,
      force: true,
      versions: TEST_VERSIONS,
      agent: 'reference',
    });
    expect([forced.doneCount, forced.isDone(2, 0), forced.isDone(3, 0)]).toEqual([3, false, true]);
    await forced.close();
  });

  it('reads and resumes a file of twenty records of about 1 MB each', async () => {
    const path = join(dir, 'large.jsonl');
    const records = Array.from({ length: 20 }, (_, t) =>
      JSON.stringify({
        ...syntheticResult({ taskId: t }),
        // ~1 MB of mixed one-, three- and four-byte characters, so chunk boundaries cut all kinds.
        answer: `${t}:` + `ab${CJK}宫${EMOJI}`.repeat(84_000),
      }),
    );
    const good = `${records.join('\n')}\n`;
    // Torn somewhere inside a character, a third of the way through a record.
    const torn = Buffer.from(records[0] ?? '').subarray(0, 400_001);
    await writeFile(path, Buffer.concat([Buffer.from(good), torn]));
    expect(Buffer.byteLength(good)).toBeGreaterThan(20 * 1_000_000);
    const read = await readResults(path);
    expect(read.skippedLines).toBe(1);
    expect(read.results.map((r) => r.taskId)).toEqual(Array.from({ length: 20 }, (_, t) => t));
    read.results.forEach((r, t) =>
      expect(r.answer).toBe((JSON.parse(records[t] ?? '{}') as EpisodeResult).answer),
    );
    const store = await openResultsStore(path, { resume: true, versions: TEST_VERSIONS });
    expect(store.doneCount).toBe(20);
    await store.close();
    expect((await readFile(path)).equals(Buffer.from(good))).toBe(true);
  });
});
