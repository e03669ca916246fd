import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ERROR_CODES, NavworldError, canonicalJson, sha256Hex } from '@navworld/core-types';
import type { MapProvider, MapToolName, ProviderCallContext, ProviderOutcome } from './types';

const FORMAT = 'navworld-cassette/1';

/** The manifest next to a cassette: the SHA-256 of every cassette line, in order. */
export interface CassetteManifest {
  /** Format tag. */
  format: string;
  /** SHA-256 (hex) of each JSONL line, without its newline. */
  lines: string[];
}

interface CassetteEntry {
  key: string;
  tool: MapToolName;
  args: Record<string, unknown>;
  epoch: string;
  outcome: ProviderOutcome;
}

/** Path of the manifest belonging to a cassette file. */
export function manifestPathOf(cassettePath: string): string {
  return `${cassettePath}.manifest.json`;
}

/** Content address of a call: tool + normalised arguments + epoch salt. */
export function cassetteKey(
  tool: MapToolName,
  args: Record<string, unknown>,
  salt: string,
): string {
  return sha256Hex(canonicalJson({ tool, args, epoch: salt }));
}

/** What to do about a cassette that does not match its manifest. */
const TAMPERED_HINT =
  'record the cassette again with world "record", or restore the cassette and its .manifest.json together';

/**
 * Reads a cassette and checks every line against its manifest. Throws `CASSETTE_TAMPERED` when a line was
 * changed, added or removed, or the manifest is missing, and `IO_ERROR` when the cassette cannot be read.
 */
export function verifyCassette(path: string): Map<string, ProviderOutcome> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new NavworldError(ERROR_CODES.IO_ERROR, `cannot read cassette ${path}`, {
      hint: 'record one first with world "record"',
      cause: error,
    });
  }
  let manifest: CassetteManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPathOf(path), 'utf8')) as CassetteManifest;
  } catch (error) {
    throw new NavworldError(
      ERROR_CODES.CASSETTE_TAMPERED,
      `cassette manifest ${manifestPathOf(path)} is missing or unreadable`,
      {
        cause: error,
        hint: TAMPERED_HINT,
      },
    );
  }
  const lines = text.split('\n').filter((l) => l !== '');
  if (
    manifest.format !== FORMAT ||
    !Array.isArray(manifest.lines) ||
    manifest.lines.length !== lines.length
  ) {
    throw new NavworldError(
      ERROR_CODES.CASSETTE_TAMPERED,
      `cassette ${path} does not match its manifest (line count)`,
      { hint: TAMPERED_HINT },
    );
  }
  const entries = new Map<string, ProviderOutcome>();
  lines.forEach((line, i) => {
    if (sha256Hex(line) !== manifest.lines[i]) {
      throw new NavworldError(
        ERROR_CODES.CASSETTE_TAMPERED,
        `cassette ${path} line ${i + 1} does not match its manifest hash`,
        { hint: TAMPERED_HINT },
      );
    }
    const entry = JSON.parse(line) as CassetteEntry;
    entries.set(entry.key, entry.outcome);
  });
  return entries;
}

function writeManifest(path: string, hashes: string[]): void {
  const manifest: CassetteManifest = { format: FORMAT, lines: hashes };
  const target = manifestPathOf(path);
  writeFileSync(`${target}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(`${target}.tmp`, target);
}

/** Outcomes worth keeping: data and the model-caused misses. Infrastructure failures are not recorded. */
function recordable(outcome: ProviderOutcome): boolean {
  if (outcome.ok) return true;
  return outcome.code === ERROR_CODES.NO_RESULTS || outcome.code === ERROR_CODES.UNKNOWN_CITY;
}

/** What a recorder knows of its cassette: the keys in it, the manifest's hashes and the file's size. */
interface Recorder {
  seen: Set<string>;
  hashes: string[];
  bytes: number;
}

// One recorder per cassette in a process: every context recording into a file extends the same manifest
// (two recorders, each with its own list of hashes, would overwrite each other's manifest).
const recorders = new Map<string, Recorder>();

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

/** Reads (or creates) a cassette and its manifest; an existing one must match its manifest. */
function loadRecorder(path: string): Recorder {
  const seen = new Set<string>();
  const hashes: string[] = [];
  if (existsSync(path)) {
    for (const key of verifyCassette(path).keys()) seen.add(key);
    hashes.push(
      ...(JSON.parse(readFileSync(manifestPathOf(path), 'utf8')) as CassetteManifest).lines,
    );
  } else {
    writeFileSync(path, '');
    writeManifest(path, hashes);
  }
  return { seen, hashes, bytes: sizeOf(path) };
}

/**
 * The process's recorder of a cassette, read again from disk when the file is not the size it left it at
 * (another process, a thread or a person changed it since).
 */
function recorderFor(path: string): Recorder {
  const key = resolve(path);
  const known = recorders.get(key);
  if (known !== undefined && sizeOf(path) === known.bytes) return known;
  const loaded = loadRecorder(path);
  recorders.set(key, loaded);
  return loaded;
}

/** How long a writer waits for another writer's lock on a cassette before it gives up. */
const LOCK_WAIT_MS = 10_000;
/** A lock this old was left by a writer that died holding it (a line takes milliseconds): it is broken. */
const LOCK_STALE_MS = 30_000;
/** Waited on to sleep between attempts (never notified). */
const SLEEP = new Int32Array(new SharedArrayBuffer(4));

/** Path of the lock file that writers of a cassette take in turn. */
function lockPathOf(cassettePath: string): string {
  return `${cassettePath}.lock`;
}

/**
 * Runs `work` holding the cassette's lock: a file created exclusively next to it, so that writers in other
 * threads and processes take turns at reading the manifest, appending a line and writing the manifest again
 * (each keeps its own list of hashes, and two interleaved turns would drop a line from the manifest). Work is
 * synchronous and short, so waiting is a sleep of a few milliseconds at a time.
 */
function withCassetteLock<T>(path: string, work: () => T): T {
  const lock = lockPathOf(path);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = statSync(lock, { throwIfNoEntry: false });
    if (held !== undefined && Date.now() - held.mtimeMs > LOCK_STALE_MS) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new NavworldError(
        ERROR_CODES.IO_ERROR,
        `cassette ${path} stayed locked by another writer for ${LOCK_WAIT_MS / 1000} s`,
        {
          hint: `if no other process is recording into it, remove ${lock}`,
        },
      );
    Atomics.wait(SLEEP, 0, 0, 2);
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Wraps a provider and appends each new (tool, normalised arguments, epoch) → outcome to a JSONL cassette,
 * keeping the SHA-256 manifest in step. An existing cassette is verified and extended. The contexts of one
 * process that record into the same file share its record, so the manifest lists every line; writers in other
 * threads and processes take turns through a lock file (`<cassette>.lock`), and a file that another writer
 * extended is read again before the next line is added.
 */
export function createRecordingProvider(
  inner: MapProvider,
  options: { path: string },
): MapProvider {
  const { path } = options;
  mkdirSync(dirname(path), { recursive: true });
  withCassetteLock(path, () => recorderFor(path));
  return {
    name: `record:${inner.name}`,
    salted: true,
    async call(
      tool: MapToolName,
      args: Record<string, unknown>,
      ctx: ProviderCallContext,
    ): Promise<ProviderOutcome> {
      const outcome = await inner.call(tool, args, ctx);
      const key = cassetteKey(tool, args, ctx.epoch.salt);
      if (!recordable(outcome)) return outcome;
      withCassetteLock(path, () => {
        // Read again when another writer extended the file since: it may have recorded this key.
        const recorder = recorderFor(path);
        if (recorder.seen.has(key)) return;
        const entry: CassetteEntry = { key, tool, args, epoch: ctx.epoch.salt, outcome };
        const line = `${canonicalJson(entry)}\n`;
        appendFileSync(path, line);
        recorder.bytes += Buffer.byteLength(line);
        recorder.hashes.push(sha256Hex(line.slice(0, -1)));
        writeManifest(path, recorder.hashes);
        recorder.seen.add(key);
      });
      return outcome;
    },
  };
}

/**
 * Answers only from a cassette. A call that was not recorded is `CASSETTE_MISS`; a cassette that fails its
 * manifest makes every call `CASSETTE_TAMPERED` (use {@link verifyCassette} to fail early instead).
 */
export function createReplayProvider(options: { path: string }): MapProvider {
  let entries: Map<string, ProviderOutcome> | undefined;
  let failure: NavworldError | undefined;
  const load = (): void => {
    if (entries !== undefined || failure !== undefined) return;
    try {
      entries = verifyCassette(options.path);
    } catch (error) {
      failure = NavworldError.isInstance(error)
        ? error
        : new NavworldError(
            ERROR_CODES.CASSETTE_TAMPERED,
            `cassette ${options.path} is unreadable`,
            { cause: error, hint: TAMPERED_HINT },
          );
    }
  };
  return {
    name: 'replay',
    salted: true,
    call(
      tool: MapToolName,
      args: Record<string, unknown>,
      ctx: ProviderCallContext,
    ): Promise<ProviderOutcome> {
      load();
      if (failure !== undefined) {
        const code =
          failure.code === ERROR_CODES.CASSETTE_TAMPERED ? failure.code : ERROR_CODES.CASSETTE_MISS;
        return Promise.resolve({
          ok: false,
          code,
          message:
            code === ERROR_CODES.CASSETTE_TAMPERED
              ? '回放记录校验失败（内容与清单哈希不符），拒绝使用'
              : '回放记录不可用',
        });
      }
      const outcome = entries!.get(cassetteKey(tool, args, ctx.epoch.salt));
      if (outcome === undefined) {
        return Promise.resolve({
          ok: false,
          code: ERROR_CODES.CASSETTE_MISS,
          message: '回放记录中没有这次调用（参数或周期不同）',
        });
      }
      return Promise.resolve(outcome);
    },
  };
}
