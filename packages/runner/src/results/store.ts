import { appendFile, link, open, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { readFileSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  ERROR_CODES,
  EpisodeResultSchema,
  NavworldError,
  canonicalJson,
  parseWith,
  toNavworldError,
  type Epoch,
  type EpisodeResult,
  type Versions,
} from '@navworld/core-types';

/** Options of {@link openResultsStore}. */
export interface ResultsStoreOptions {
  /**
   * Continue an existing file: scored (taskId, repeat) pairs are reported by `isDone`, and a torn trailing
   * line left by a killed process is cut away. Pairs recorded only as unscored (an infrastructure failure,
   * `validForScoring: false`) are not done: they run again, and the new record supersedes the old one (see
   * {@link readResults}). Without it, an existing non-empty file is refused.
   */
  resume: boolean;
  /** Accept existing results stamped with different component versions (they are then mixed). */
  force?: boolean;
  /**
   * Agent of the new results. When given, resuming a file that holds another agent's or model's records is
   * refused with `VERSION_MISMATCH` unless `force`; their episodes never count as done for this run.
   */
  agent?: string;
  /** Model of the new results (`null` for scripted agents). */
  model?: string | null;
  /** Replace an existing file (once the lock is held, so a run writing to it is never cut short). */
  overwrite?: boolean;
  /** Versions of the components producing the new results. */
  versions: Versions;
  /**
   * Epoch salt of the new results. When given, existing results of another epoch (other problems and tool
   * data for the same task ids) are refused with `VERSION_MISMATCH` unless `force` is set.
   */
  epochSalt?: string;
}

/** An append-only JSONL file of finished episodes, one writer at a time (see {@link openResultsStore}). */
export interface ResultsStore {
  /** Whether a scored episode for this task and repeat is already recorded (or was appended by this run). */
  isDone(taskId: number, repeat: number): boolean;
  /** (taskId, repeat) pairs the file recorded only as unscored when it was opened: they are run again. */
  readonly retryCount: number;
  /**
   * Appends one finished episode as one line, written with a single write and synced to disk before the
   * promise resolves. A (taskId, repeat) pair that is already recorded is not written again. Rejects with
   * `VALIDATION_FAILED` (not an episode result), `INVALID_ARGUMENT` (a result JSON cannot write, such as one
   * nested too deeply) or `IO_ERROR` (the file could not be written).
   */
  append(result: EpisodeResult): Promise<void>;
  /** Waits for pending appends, closes the file and releases its lock. */
  close(): Promise<void>;
  /** Number of (taskId, repeat) pairs done: scored in the file when it was opened, or appended since. */
  readonly doneCount: number;
  /** Path of the file. */
  readonly path: string;
}

/** What {@link readResults} found in a results file. */
export interface ReadResultsOutput {
  /** Every parseable episode that no later record supersedes, in file order. */
  results: EpisodeResult[];
  /** Lines that were not a valid episode (typically one torn last line). */
  skippedLines: number;
  /**
   * Unscored episodes left out because a later record of the same agent, model, task and repeat replaced
   * them (a resumed run retried them).
   */
  supersededLines: number;
}

const NEWLINE = 0x0a;

function doneKey(taskId: number, repeat: number): string {
  return `${taskId}:${repeat}`;
}

/** What is at a path: nothing, a regular file, a folder, or something else (a device, a pipe, a socket). */
async function pathKind(path: string): Promise<'missing' | 'file' | 'folder' | 'other'> {
  try {
    const s = await stat(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}

/**
 * Refuses a results path that is not a regular file: a folder, or a device such as /dev/null, which
 * `overwrite` must never delete. Returns what is there (nothing, or a regular file).
 */
async function checkResultsPath(path: string): Promise<'missing' | 'file'> {
  const kind = await pathKind(path);
  if (kind === 'folder') {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `results path ${path} is a folder`, {
      hint: 'Pass the path of a file, e.g. results/run.jsonl.',
    });
  }
  if (kind === 'other') {
    throw new NavworldError(
      ERROR_CODES.IO_ERROR,
      `results path ${path} is not a regular file (a device, pipe or socket)`,
      { hint: 'Pass the path of a file, e.g. results/run.jsonl.' },
    );
  }
  return kind;
}

/** Bytes read from a results file at a time: files are never held whole (a string caps at ~512 MiB). */
export const READ_CHUNK_BYTES = 64 * 1024;

/** What {@link forEachLine} saw of a file. */
export interface LineScan {
  /** Bytes up to and including the last newline (0 without one): where a torn last line starts. */
  completeLength: number;
  /** Bytes read in all. */
  length: number;
}

/** A line's text; the file's first line without the byte-order mark some editors start a file with. */
function decoded(bytes: Buffer, first: boolean): string {
  const text = bytes.toString('utf8');
  return first && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** One line of a file, as {@link readLines} yields it. */
export interface FileLine {
  /** The line's text, without its newline. */
  text: string;
  /** Whether a newline ends it (only the bytes after a file's last newline lack one). */
  terminated: boolean;
  /** Byte offset just past the line and its newline. */
  end: number;
}

/**
 * The lines of an open file, in order, as `split('\n')` of the decoded file would give them (a '\r' before
 * the newline stays, so CRLF files read as before; a byte-order mark at the start is dropped), up to `limit`
 * bytes. The file is split on newline bytes and each line is decoded whole: a newline byte never occurs
 * inside a multi-byte UTF-8 character, so a character cut by a chunk boundary is always decoded from all its
 * bytes. The bytes after the last newline, if any, come last with `terminated` false. Memory holds one chunk
 * and the line being read, never the whole file.
 */
export async function* readLines(
  handle: FileHandle,
  chunkBytes: number = READ_CHUNK_BYTES,
  limit: number = Number.POSITIVE_INFINITY,
): AsyncGenerator<FileLine, void, undefined> {
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1)
    throw new RangeError(`chunkBytes must be a positive integer, got ${chunkBytes}`);
  const chunk = Buffer.allocUnsafe(chunkBytes);
  // Start of the current line read so far: copies, since `chunk` is reused by the next read.
  let pending: Buffer[] = [];
  let length = 0;
  let first = true;
  while (length < limit) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunkBytes, limit - length), length);
    if (bytesRead === 0) break;
    const data = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      const part = data.subarray(start, end);
      const bytes = pending.length === 0 ? part : Buffer.concat([...pending, part]);
      pending = [];
      start = end + 1;
      yield { text: decoded(bytes, first), terminated: true, end: length + start };
      first = false;
    }
    if (start < bytesRead) pending.push(Buffer.from(data.subarray(start)));
    length += bytesRead;
  }
  if (pending.length > 0)
    yield { text: decoded(Buffer.concat(pending), first), terminated: false, end: length };
}

/**
 * Calls `onLine` with each line of an open file, in order (see {@link readLines}); `onLine` returning `false`
 * stops the scan, and the lengths then cover the lines read so far.
 */
export async function forEachLine(
  handle: FileHandle,
  onLine: (text: string, terminated: boolean) => boolean | void,
  chunkBytes: number = READ_CHUNK_BYTES,
): Promise<LineScan> {
  let completeLength = 0;
  let length = 0;
  for await (const line of readLines(handle, chunkBytes)) {
    length = line.end;
    if (line.terminated) completeLength = line.end;
    if (onLine(line.text, line.terminated) === false)
      return { completeLength, length: completeLength };
  }
  return { completeLength, length };
}

function readError(path: string, error: unknown): NavworldError {
  // The system's code (EACCES, EIO …) says which of the hint's causes it is.
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return new NavworldError(
    ERROR_CODES.IO_ERROR,
    `cannot read results file ${path}${typeof code === 'string' ? ` (${code})` : ''}`,
    { cause: error, hint: 'Check the path and its permissions.' },
  );
}

/** Opens a results file for reading; `null` when it does not exist. */
async function openIfExists(path: string): Promise<FileHandle | null> {
  try {
    return await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw readError(path, error);
  }
}

/** Reads an existing file line by line (see {@link forEachLine}); `null` when it does not exist. */
async function scanIfExists(
  path: string,
  onLine: (text: string, terminated: boolean) => boolean | void,
): Promise<LineScan | null> {
  const handle = await openIfExists(path);
  if (handle === null) return null;
  // Only failures of the file itself are read errors; one thrown by `onLine` is passed on as it is.
  let fromLine = false;
  const guarded = (text: string, terminated: boolean): boolean | void => {
    try {
      return onLine(text, terminated);
    } catch (error) {
      fromLine = true;
      throw error;
    }
  };
  try {
    return await forEachLine(handle, guarded);
  } catch (error) {
    throw fromLine ? error : readError(path, error);
  } finally {
    await handle.close();
  }
}

function parseLine(line: string): EpisodeResult | null {
  if (line.trim() === '') return null;
  try {
    const parsed = EpisodeResultSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The epoch of the first episode a results file records (the world its run played in), or undefined when the
 * file does not exist or records none. Reads only as far as that episode. A path that is not a regular file
 * is refused as {@link openResultsStore} refuses it (reading a pipe would wait for a writer forever), and a
 * file that cannot be read is `IO_ERROR`.
 */
export async function recordedEpoch(path: string): Promise<Epoch | undefined> {
  await checkResultsPath(path);
  let epoch: Epoch | undefined;
  await scanIfExists(path, (line) => {
    const result = parseLine(line);
    if (result === null) return true;
    epoch = result.epoch;
    return false;
  });
  return epoch;
}

/** Options of {@link readResults}. */
export interface ReadResultsOptions {
  /**
   * Keep only what summaries read ({@link summarize}, the text report): each episode's conversation and
   * answer become empty, and its tool calls keep their name, outcome, error code, step and timing but not
   * their arguments or result texts. Those make up most of a record, so a large file fits in far less
   * memory. The HTML report, which shows them, reads whole records. @default false
   */
  summaryOnly?: boolean;
}

/** An episode with only what summaries read (see {@link ReadResultsOptions.summaryOnly}). */
function summaryView(r: EpisodeResult): EpisodeResult {
  return {
    ...r,
    messages: [],
    answer: '',
    trace: r.trace.map((t) => ({ ...t, arguments: {}, rawArguments: '', resultText: '' })),
  };
}

/**
 * Reads a results file. A torn last line (a process killed mid-write) or any other unparseable line is
 * skipped and counted, never fatal. A missing file throws `IO_ERROR`.
 */
export async function readResults(
  path: string,
  options: ReadResultsOptions = {},
): Promise<ReadResultsOutput> {
  const parsed: EpisodeResult[] = [];
  let skippedLines = 0;
  // The bytes after the last newline count as a line here, torn or not, as they always did.
  const scan = await scanIfExists(path, (line) => {
    if (line.trim() === '') return;
    const result = parseLine(line);
    if (result === null) skippedLines += 1;
    else parsed.push(options.summaryOnly === true ? summaryView(result) : result);
  });
  if (scan === null) {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `results file not found: ${path}`, {
      hint: 'Pass the path of a JSONL file written by `navworld evaluate --out`.',
    });
  }
  const results = latestRecords(parsed);
  return { results, skippedLines, supersededLines: parsed.length - results.length };
}

/** What {@link latestRecords} reads of a record: the episode slot it fills and whether it was scored. */
export interface SlotRecord {
  agent?: string | undefined;
  model?: string | null | undefined;
  taskId: number;
  repeat?: number | undefined;
  validForScoring: boolean;
}

/**
 * The records that no later record replaces, in order: an unscored record (an infrastructure failure) is
 * replaced by any later record of the same agent, model, task and repeat, which a resumed run wrote when it
 * retried the episode; a scored record never is.
 */
export function latestRecords<T extends SlotRecord>(records: readonly T[]): T[] {
  const lastIndex = new Map<string, number>();
  records.forEach((r, i) => lastIndex.set(slotKey(r), i));
  return records.filter((r, i) => r.validForScoring || lastIndex.get(slotKey(r)) === i);
}

/** Whether `text` is one whole JSON value. */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Refusal to resume a file that holds another agent's or model's records (`VERSION_MISMATCH`): their scores
 * would be taken for this run's. With `force` they stay in the file but are not counted as done.
 */
function otherRunError(
  other: EpisodeResult,
  agent: string,
  model: string | null,
  path: string,
): NavworldError {
  const who = (agent: string, m: string | null): string =>
    m === null ? `agent ${agent}` : `agent ${agent} (model ${m})`;
  return new NavworldError(
    ERROR_CODES.VERSION_MISMATCH,
    `${path} holds results of ${who(other.agent, other.model)}; this run is ${who(agent, model)}`,
    {
      hint: 'Write this run to a file of its own (--out), pass --overwrite instead of --resume to replace the file, or pass --force to add this run to it.',
    },
  );
}

/** The episode slot a record fills: agent, model, task and repeat (files can hold several agents). */
function slotKey(r: SlotRecord): string {
  return JSON.stringify([r.agent, r.model, r.taskId, r.repeat]);
}

/** Version fields whose values differ between two stamps (a field present on one side only counts). */
export function versionDifferences(a: Versions, b: Versions): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const out: string[] = [];
  for (const key of [...keys].sort()) {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    if (canonicalJson(left) !== canonicalJson(right)) out.push(key);
  }
  return out;
}

/** Why a record must not be mixed with the run's results (another epoch or other versions), if it must not. */
function versionMismatch(
  result: EpisodeResult,
  versions: Versions,
  path: string,
  epochSalt: string | undefined,
): NavworldError | undefined {
  const recordedSalt = result.epoch.salt;
  if (epochSalt !== undefined && recordedSalt !== epochSalt) {
    return new NavworldError(
      ERROR_CODES.VERSION_MISMATCH,
      `results in ${path} were recorded in another epoch (salt ${JSON.stringify(recordedSalt)}; this run's is ${JSON.stringify(epochSalt)})`,
      {
        hint: `Pass --salt ${recordedSalt} to continue that run, write to a new results file, pass --overwrite instead of --resume to replace it, or pass --force to mix epochs deliberately.`,
        details: { recordedSalt, currentSalt: epochSalt, taskId: result.taskId },
      },
    );
  }
  const differing = versionDifferences(result.versions, versions);
  if (differing.length > 0) {
    return new NavworldError(
      ERROR_CODES.VERSION_MISMATCH,
      `results in ${path} were recorded with different versions (${differing.join(', ')})`,
      {
        hint: 'Write to a new results file, pass --overwrite instead of --resume to replace it, or pass --force to mix versions deliberately.',
        details: {
          fields: differing,
          recorded: result.versions,
          current: versions,
          taskId: result.taskId,
        },
      },
    );
  }
  return undefined;
}

/** Whether an existing file has any byte (`false` when it does not exist). */
async function hasContent(path: string): Promise<boolean> {
  const handle = await openIfExists(path);
  if (handle === null) return false;
  try {
    const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, 0);
    return bytesRead > 0;
  } catch (error) {
    throw readError(path, error);
  } finally {
    await handle.close();
  }
}

/**
 * Loads a file being resumed into `done` (scored slots) and `retry` (slots recorded only unscored), reading it
 * line by line, then cuts a torn last line. Records are not kept, so memory does not grow with the file: only
 * the first record of another run and the first version mismatch, in file order, which the refusals name.
 */
async function loadForResume(
  path: string,
  options: ResultsStoreOptions,
  done: Set<string>,
  retry: Set<string>,
): Promise<void> {
  const force = options.force === true;
  const agent = options.agent;
  const model = options.model ?? null;
  const slots = new Set<string>();
  let records = 0;
  let blank = true;
  let tailIsWhole = false;
  let other: EpisodeResult | undefined;
  let mismatch: NavworldError | undefined;
  const scan = await scanIfExists(path, (line, terminated) => {
    if (line.trim() === '') return;
    blank = false;
    // What follows the last newline is a torn line (a process killed mid-write) unless it is whole JSON: a
    // record whose newline is missing (a file edited by hand, say), which is kept.
    if (!terminated) {
      tailIsWhole = isJson(line);
      if (!tailIsWhole) return;
    }
    const result = parseLine(line);
    if (result === null) return;
    records += 1;
    // With an agent given, records of another agent or model are never this run's.
    if (agent !== undefined && (result.agent !== agent || result.model !== model)) {
      other ??= result;
      return;
    }
    if (!force) mismatch ??= versionMismatch(result, options.versions, path, options.epochSalt);
    const key = doneKey(result.taskId, result.repeat);
    slots.add(key);
    if (result.validForScoring) done.add(key);
  });
  if (scan === null) return;
  if (records === 0 && !blank) {
    throw new NavworldError(
      ERROR_CODES.CONFIG_ERROR,
      `${path} holds no episode record: it is not a results file`,
      { hint: 'Choose a new --out path; --resume continues a file that evaluate wrote.' },
    );
  }
  if (other !== undefined && agent !== undefined && !force)
    throw otherRunError(other, agent, model, path);
  if (mismatch !== undefined) throw mismatch;
  for (const key of slots) if (!done.has(key)) retry.add(key);
  if (tailIsWhole) {
    await appendFile(path, '\n');
  } else if (scan.completeLength < scan.length) {
    // A process killed mid-write leaves a partial last line; drop it so the file stays line-aligned.
    await truncate(path, scan.completeLength);
  }
}

/** What a lock file says about the process holding it. */
interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

function readHolder(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid === 'number' && typeof v.host === 'string' && typeof v.since === 'string')
      return { pid: v.pid, host: v.host, since: v.since };
  } catch {
    // Not a lock this package wrote: treated as held.
  }
  return undefined;
}

/** Lock attempts of this process, for unique temporary names. */
let lockAttempts = 0;

/** The locks this process holds, by path, with the text written in each. */
const heldLocks = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Removes the locks still held, synchronously: run on the process's `exit` event, which `process.exit()` (a
 * second Ctrl-C, say) and an uncaught exception still emit, though they skip every pending close. A lock is
 * removed only while it still holds this process's text. Only a kill no handler sees (SIGKILL) leaves a lock,
 * which the next store takes over once this process no longer runs.
 */
function removeHeldLocks(): void {
  for (const [lockPath, text] of heldLocks) {
    try {
      if (readFileSync(lockPath, 'utf8') === text) rmSync(lockPath, { force: true });
    } catch {
      // Gone already, or unreadable: nothing this process can still do about it.
    }
  }
  heldLocks.clear();
}

/** Records a lock as held until its release, installing the exit hook once per process. */
function holdLock(lockPath: string, text: string): void {
  heldLocks.set(lockPath, text);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', removeHeldLocks);
  }
}

/**
 * Whether a process of this machine is alive (EPERM: it is, but belongs to someone else). A killed process
 * that its parent has not reaped yet still answers signals; on Linux its state in /proc tells it is dead.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  try {
    // `pid (name) S …`: the state follows the last parenthesis (a name may hold one).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true;
  }
}

/** Errors of file systems without hard links (some network and FUSE mounts). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Creates the lock file, failing with `EEXIST` when it exists: by linking the written temporary file (the lock
 * then never exists half written), or, where the file system has no hard links, by an exclusive create and a
 * write (a lock read half written is treated as held, the safe side).
 */
async function createLockFile(temporary: string, lockPath: string, text: string): Promise<void> {
  try {
    await link(temporary, lockPath);
  } catch (error) {
    if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await writeFile(lockPath, text, { flag: 'wx' });
  }
}

/**
 * Takes the lock `<path>.lock` (see {@link createLockFile}) and returns its release. A lock left by a process of this machine that no longer runs (killed, or
 * crashed) is taken over; a live one is `IO_ERROR`: two runs appending to one file would record episodes twice.
 */
async function acquireLock(path: string): Promise<() => Promise<void>> {
  const lockPath = `${path}.lock`;
  const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const mineText = JSON.stringify(mine);
  const temporary = `${lockPath}.${process.pid}.${++lockAttempts}.tmp`;
  try {
    await writeFile(temporary, mineText);
  } catch (error) {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `cannot create the lock of ${path}`, {
      cause: error,
      hint: 'Pass --out a path in a writable folder.',
    });
  }
  const inUse = (holder: LockHolder | undefined): NavworldError =>
    new NavworldError(
      ERROR_CODES.IO_ERROR,
      `results file ${path} is in use by another navworld run${
        holder === undefined ? '' : ` (pid ${holder.pid} on ${holder.host}, since ${holder.since})`
      }`,
      {
        hint: `Wait for that run to finish or pass another --out; if it no longer runs, delete ${lockPath}.`,
        details: { lock: lockPath, ...(holder ?? {}) },
      },
    );
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await createLockFile(temporary, lockPath, mineText);
        holdLock(lockPath, mineText);
        return async () => {
          heldLocks.delete(lockPath);
          await rm(lockPath, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new NavworldError(ERROR_CODES.IO_ERROR, `cannot create the lock of ${path}`, {
            cause: error,
            hint: 'Pass --out a path in a writable folder.',
          });
        }
      }
      const text = await readFile(lockPath, 'utf8').catch(() => undefined);
      // Released in between: try again.
      if (text === undefined) continue;
      const holder = readHolder(text);
      if (holder === undefined || holder.host !== mine.host || isAlive(holder.pid))
        throw inUse(holder);
      // A stale lock: removed only if it is still the one read (another run may have taken over since).
      if ((await readFile(lockPath, 'utf8').catch(() => '')) === text)
        await rm(lockPath, { force: true });
    }
    throw inUse(undefined);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The error of a result that passed validation but that JSON.stringify cannot write (too deep, a cycle). */
function unwritableResult(result: EpisodeResult, error: unknown): NavworldError {
  const reason = error instanceof Error ? error.message : String(error);
  return new NavworldError(
    ERROR_CODES.INVALID_ARGUMENT,
    `the result of task ${result.taskId} (repeat ${result.repeat}) cannot be written as JSON: ${reason}`,
    {
      cause: error,
      hint: 'the result holds a value JSON cannot write (nested too deeply or circular); nothing was written for it, and the store can take further results',
      details: { taskId: result.taskId, repeat: result.repeat },
    },
  );
}

/**
 * Opens (or creates) an append-only JSONL results file. With `resume`, the episodes already in the file
 * are loaded so that `isDone` can skip them; a torn trailing line is truncated away so that the next line
 * starts cleanly; results stamped with different `versions`, or of another epoch than `epochSalt`, are
 * refused with `VERSION_MISMATCH` unless `force` is set. Without `resume`, a non-empty existing file is
 * refused with `CONFIG_ERROR` so that earlier results are never overwritten or silently extended (unless
 * `overwrite`). The file is locked (`<path>.lock`) until {@link ResultsStore.close}: a second store on it,
 * in any process, is refused with `IO_ERROR` while the first is open.
 */
export async function openResultsStore(
  path: string,
  options: ResultsStoreOptions,
): Promise<ResultsStore> {
  // Before the lock, so that no lock file is made beside a folder or a device.
  await checkResultsPath(path);
  const release = await acquireLock(path);
  try {
    return await openLocked(path, options, release);
  } catch (error) {
    await release();
    throw error;
  }
}

async function openLocked(
  path: string,
  options: ResultsStoreOptions,
  release: () => Promise<void>,
): Promise<ResultsStore> {
  const done = new Set<string>();
  const retry = new Set<string>();
  // Checked again under the lock; emptied in place, never unlinked.
  const kind = await checkResultsPath(path);
  if (options.overwrite === true && kind === 'file') await truncate(path, 0);
  if (!options.resume) {
    if (await hasContent(path)) {
      throw new NavworldError(ERROR_CODES.CONFIG_ERROR, `results file already exists: ${path}`, {
        hint: 'Pass --resume to continue it, --overwrite to replace it, or choose a new --out path.',
      });
    }
  } else {
    await loadForResume(path, options, done, retry);
  }

  let handle: FileHandle;
  try {
    handle = await open(path, 'a');
  } catch (error) {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `cannot open results file ${path}`, {
      cause: error,
      hint: 'Pass --out a path in a writable folder.',
    });
  }

  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  async function writeLine(result: EpisodeResult, line: string): Promise<void> {
    const key = doneKey(result.taskId, result.repeat);
    if (done.has(key)) return;
    const buffer = Buffer.from(line, 'utf8');
    // One write call per line: a kill can only tear the line being written, never an earlier one.
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
      offset += bytesWritten;
    }
    await handle.sync();
    done.add(key);
  }

  return {
    path,
    get doneCount() {
      return done.size;
    },
    retryCount: retry.size,
    isDone(taskId: number, repeat: number): boolean {
      return done.has(doneKey(taskId, repeat));
    },
    append(result: EpisodeResult): Promise<void> {
      if (closed) {
        return Promise.reject(
          new NavworldError(ERROR_CODES.IO_ERROR, `results store ${path} is closed`, {
            hint: 'open the file again with openResultsStore',
          }),
        );
      }
      let valid: EpisodeResult;
      try {
        valid = parseWith(EpisodeResultSchema, result, 'episode result', {
          hint: "append results as the environment returns them (toJsonSchema('EpisodeResult') gives the shape)",
        });
      } catch (error) {
        return Promise.reject(toNavworldError(error));
      }
      // Serialised here, not in the write queue, so that only file errors are reported as such.
      let line: string;
      try {
        line = `${JSON.stringify(valid)}\n`;
      } catch (error) {
        return Promise.reject(unwritableResult(valid, error));
      }
      // Appends are serialised so concurrent episodes never interleave bytes within a line.
      const next = queue.then(() => writeLine(valid, line));
      queue = next.catch(() => undefined);
      return next.catch((error: unknown) => {
        throw NavworldError.isInstance(error)
          ? error
          : new NavworldError(ERROR_CODES.IO_ERROR, `cannot write results file ${path}`, {
              cause: error,
              hint: 'Check free disk space and permissions; the episodes already written are kept, and --resume continues.',
            });
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      try {
        await queue;
        await handle.close();
      } finally {
        await release();
      }
    },
  };
}
