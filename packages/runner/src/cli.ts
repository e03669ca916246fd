// The `navworld` command line. Entry of the bin shim (bin/navworld.js → dist/cli.js).
import { cac } from 'cac';
import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { createJudge } from '@navworld/llm-validator';
import { loadCliConfig, type CliConfig } from './config';
import { VERSION } from './version';
import {
  EXIT_CODES,
  keepArgumentText,
  pathFlag,
  reportError,
  stringFlag,
  timeFlag,
  warningLogger,
} from './internal/cli-support';
import { taskCommand } from './commands/task';
import { toolsCommand } from './commands/tools';
import { callCommand } from './commands/call';
import { evaluateCommand, stoppedExitCode, type StopSignal } from './commands/evaluate';
import { episodeArgument, scoreCommand } from './commands/score';
import { mcpCommand } from './commands/mcp';
import { MAX_TOOL_CONTEXTS_FLAG, serveCommand } from './commands/serve';
import { reportCommand } from './commands/report';
import { auditCommand } from './commands/audit';

const EXIT_CODE_HELP = `Exit codes:
  0    success
  1    internal error (a bug)
  2    bad usage: unknown command or option, bad value, invalid configuration, missing key
  3    file error: unreadable or unwritable file, results of other versions
  4    evaluate or score: some episodes failed for infrastructure reasons (not scored)
  5    call: the tool returned an error result
  6    audit: a gate failed (an exploit policy scored too much); score --edits: an edit raised a score
  7    score: a saved score differs from a new one by the same scorer version
  130  interrupted by Ctrl-C (evaluate keeps what it wrote; --resume continues)
  143  stopped by SIGTERM (the same)`;

/** Help of the commands' --now flag. */
const NOW_HELP = 'Run in the week of this date or ISO time, e.g. 2026-01-05 (default now)';

const ENV_HELP = `Environment:
  NAVWORLD_BASE_URL, NAVWORLD_MODEL           model endpoint and name for --agent openai
  NAVWORLD_API_KEY (or OPENAI_API_KEY)        key of the model endpoint
  NAVWORLD_WORLD                              tool world: offline (default), amap, replay, record
  AMAP_MAPS_API_KEY                           AMap key(s) for the amap world
  NAVWORLD_AMAP_BASE_URL                      AMap endpoint (default https://restapi.amap.com)
  NAVWORLD_CASSETTE                           cassette file (JSONL) of the replay and record worlds
  NAVWORLD_CACHE, NAVWORLD_CACHE_DIR          tool cache: memory, sqlite or none; folder of the sqlite file
  NAVWORLD_CACHE_MAX_ENTRIES                  tool cache size cap in entries (default 200000)
  NAVWORLD_SERVER_TOKEN                       bearer token navworld serve requires
  NAVWORLD_ALLOWED_BASE_URLS                  model endpoints the server's /v1/evaluate may call
  NAVWORLD_EPOCH_SALT                         pins the weekly epoch salt
  NAVWORLD_JUDGE_BASE_URL, NAVWORLD_JUDGE_API_KEY, NAVWORLD_JUDGE_MODELS   LLM judge
  NAVWORLD_DEBUG=1                            debug results and stack traces`;

/** Commands whose tools run in a world. */
const WORLD_COMMANDS = new Set(['call', 'evaluate', 'mcp', 'serve']);

/**
 * A note for a command that calls tools in the offline world by default although an AMap key is set: a key
 * alone never switches worlds (runs stay reproducible), which surprises whoever set it to reach AMap.
 */
function offlineWithKeyNote(
  command: string | undefined,
  worldOption: unknown,
  env: Record<string, string | undefined>,
  config: CliConfig,
): string | undefined {
  if (command === undefined || !WORLD_COMMANDS.has(command) || !config.hasAmapKey) return undefined;
  if (worldOption !== undefined || (env['NAVWORLD_WORLD'] ?? '').trim() !== '') return undefined;
  return (
    'note: AMAP_MAPS_API_KEY is set, but the tools use the offline world; ' +
    'pass --world amap (or set NAVWORLD_WORLD=amap) to call AMap'
  );
}

/**
 * Ends the process quietly when the reader of `stream` goes away (`navworld score results.jsonl | head`): the
 * next write fails with `EPIPE`, which would otherwise end it with a stack trace. Any other failure to write
 * ends it with one `IO_ERROR` line and exit code 3. The `navworld` executable calls it for stdout; a program
 * that runs {@link main} itself keeps its own handling.
 */
export function endOnClosedOutput(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(EXIT_CODES.ok);
    process.stderr.write(`IO_ERROR: cannot write the output (${error.code ?? error.message})\n`);
    process.exit(EXIT_CODES.io);
  });
}

/**
 * Runs the CLI with `argv` (as `process.argv`) and returns the exit code. Errors are printed as one line
 * `code: message` plus a hint; stacks only with `--debug` or `NAVWORLD_DEBUG=1`.
 */
export async function main(
  argv: string[] = process.argv,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const debugFlag = argv.includes('--debug');
  let debug = debugFlag || env['NAVWORLD_DEBUG'] === '1';
  const err = (line: string): void => {
    process.stderr.write(`${line}\n`);
  };
  try {
    const config = loadCliConfig(env);
    debug = debug || config.debug;
    const now = Date.now();
    // A command's clock: the week of --now when given (a fixed world), else this moment.
    const at = (o: Record<string, unknown>): number => timeFlag(o['now'], 'now') ?? now;
    const cli = cac('navworld');
    keepArgumentText(cli as unknown as Parameters<typeof keepArgumentText>[0]);
    cli.option('--debug', 'Print stack traces on errors');

    cli
      .command('task <id>', 'Show a task: its problem and the user prompt')
      .option('--json', 'Print the problem as JSON')
      .example('navworld task 131')
      .action((id: string, o: Record<string, unknown>) =>
        taskCommand(id, { json: o['json'] === true }),
      );

    cli
      .command('tools', 'List the six tools (--json: OpenAI definitions)')
      .option('--json', 'Print the OpenAI tool definitions as JSON')
      .action((o: Record<string, unknown>) => toolsCommand({ json: o['json'] === true }));

    cli
      .command('call <tool> [json]', 'Call one tool and print the text a model would see')
      .option(
        '--world <world>',
        'offline | amap | replay | record (default: NAVWORLD_WORLD or offline)',
      )
      .option('--salt <salt>', 'Pin the epoch salt')
      .option('--now <time>', NOW_HELP)
      .option('--json', 'Print the whole tool result as JSON')
      .example(`navworld call weather '{"city":"杭州"}'`)
      .action((tool: string, json: string | undefined, o: Record<string, unknown>) =>
        callCommand(tool, json, o, config, at(o), warningLogger(err)),
      );

    cli
      .command('evaluate', 'Run tasks with an agent, save episodes (JSONL) and print a summary')
      .option('--tasks <range>', 'Task ids, e.g. 0-69 or 0-9,20 (default 0-69)')
      .option('--agent <agent>', 'reference (offline, no key) | openai (default reference)')
      .option('--model <model>', 'Model name (default NAVWORLD_MODEL)')
      .option('--base-url <url>', 'OpenAI-compatible endpoint (default NAVWORLD_BASE_URL)')
      .option('--concurrency <n>', 'Episodes run at once (default 2 reference, 4 openai)')
      .option(
        '--workers <n>',
        'Reference agent: worker threads (default 1; use the number of cores)',
      )
      .option('--out <file>', 'Results file (default results/<agent>-results.jsonl)')
      .option('--resume', 'Continue an existing results file, skipping finished episodes')
      .option('--overwrite', 'Replace an existing results file')
      .option('--force', 'With --resume: accept results of other component versions')
      .option('--repeats <k>', 'Runs per task, for pass@k (default 1)')
      .option('--timeout <seconds>', 'Cap on one whole task (default 1800)')
      .option('--call-timeout <seconds>', 'Deadline of one streamed model call (default 480)')
      .option('--temperature <t>', 'Sampling temperature')
      .option('--max-tokens <n>', 'Completion token limit per call (default 8192)')
      .option(
        '--max-retries <n>',
        'Retries of transient failures before visible content (default 3)',
      )
      .option('--world <world>', 'offline | amap | replay | record')
      .option('--salt <salt>', 'Pin the epoch salt')
      .option('--now <time>', NOW_HELP)
      .option('--judge', 'Score with the LLM judge (needs NAVWORLD_JUDGE_API_KEY)')
      .option('--quiet', 'No progress output or warnings')
      .option('--json', 'Print the summary as JSON')
      .example('navworld evaluate --tasks 0-69 --agent reference')
      .example(
        'navworld evaluate --tasks 0-9 --agent openai --model gpt-4o-mini --base-url https://api.openai.com/v1',
      )
      .action((o: Record<string, unknown>) =>
        evaluateCommand(o, config, {
          now: at(o),
          env,
          err: (text) => process.stderr.write(text),
          isTty: process.stderr.isTTY === true,
          onInterrupt: (handler) => {
            let count = 0;
            // A first signal stops the run cleanly; a second one ends the process at once.
            const listener = (signal: StopSignal): void => {
              count++;
              if (count > 1) process.exit(stoppedExitCode(signal));
              handler(signal);
            };
            process.on('SIGINT', listener);
            process.on('SIGTERM', listener);
            return () => {
              process.off('SIGINT', listener);
              process.off('SIGTERM', listener);
            };
          },
        }),
      );

    cli
      .command('score [file]', 'Re-score saved episodes from their problem, trace and answer')
      .option(
        '--episode <file>',
        'A saved episode (JSON) or a results file (JSONL); or give it as [file]',
      )
      .option('--json', 'Print the breakdown(s) as JSON')
      .option(
        '--edits',
        'Also check that no audit edit (invented flight, padding …) raises a score',
      )
      .example('navworld score results/reference-results.jsonl')
      .example('navworld score results/reference-results.jsonl --edits')
      .action((file: string | undefined, o: Record<string, unknown>) =>
        scoreCommand(
          { ...o, episode: episodeArgument(file, o.episode) },
          config.hasJudgeKey ? createJudge({ env }) : undefined,
        ),
      );

    cli
      .command('mcp', 'Serve the six tools over stdio (Model Context Protocol)')
      .option('--world <world>', 'offline | amap | replay | record')
      .option('--salt <salt>', 'Pin the epoch salt')
      .option('--now <time>', NOW_HELP)
      .action((o: Record<string, unknown>) => mcpCommand(o, config, at(o), warningLogger(err)));

    cli
      .command('serve', 'Serve reset / step / evaluate over HTTP')
      .option('--host <host>', 'Address to bind (default 127.0.0.1)')
      .option('--port <port>', 'Port (default 8080)')
      .option('--allow-public', 'Allow a non-loopback bind without NAVWORLD_SERVER_TOKEN')
      .option('--max-episodes <n>', 'Episodes held at once (default 10000)')
      .option(
        '--idle-timeout <seconds>',
        'Idle seconds before an episode is dropped (default 1800)',
      )
      .option(
        '--max-tool-contexts <n>',
        `Tool contexts (one per week and salt resets ask for) kept, 1 to ${MAX_TOOL_CONTEXTS_FLAG} (default 16)`,
      )
      .option('--world <world>', 'offline | amap | replay | record')
      .option(
        '--scoring-threads <n|auto>',
        'Worker threads that score final answers (default auto: min(4, cores - 1))',
      )
      .option('--salt <salt>', 'Pin the epoch salt (default NAVWORLD_EPOCH_SALT)')
      .option('--now <time>', 'Serve the week of this date or ISO time (default: follow the clock)')
      .action((o: Record<string, unknown>) =>
        serveCommand({
          ...(o['now'] === undefined ? {} : { now: at(o) }),
          ...(o['salt'] === undefined ? {} : { salt: stringFlag(o['salt']) ?? '' }),
          ...(o['host'] === undefined ? {} : { host: stringFlag(o['host'])! }),
          ...(o['port'] === undefined ? {} : { port: stringFlag(o['port'])! }),
          ...(o['allowPublic'] === true ? { allowPublic: true } : {}),
          ...(o['maxEpisodes'] === undefined ? {} : { maxEpisodes: stringFlag(o['maxEpisodes'])! }),
          ...(o['idleTimeout'] === undefined ? {} : { idleTimeout: stringFlag(o['idleTimeout'])! }),
          ...(o['maxToolContexts'] === undefined
            ? {}
            : { maxToolContexts: stringFlag(o['maxToolContexts']) ?? '' }),
          ...(o['scoringThreads'] === undefined
            ? {}
            : { scoringThreads: stringFlag(o['scoringThreads']) ?? '' }),
          world: stringFlag(o['world']) ?? config.world,
          ...(config.debug ? { debug: true } : {}),
          ...(config.hasJudgeKey ? { judge: createJudge({ env }) } : {}),
        }),
      );

    cli
      .command('report <file>', 'Summarise a results file (text table, JSON or an HTML report)')
      .option('--html <file>', 'Write a self-contained HTML report')
      .option('--json', 'Print the summary as JSON')
      .option('--pass-threshold <n>', 'Pass threshold on the 0-100 total (default 60)')
      .option('--seed <seed>', 'Bootstrap seed')
      .option('--judge-prompt-price <usd>', 'Judge price per million prompt tokens')
      .option('--judge-completion-price <usd>', 'Judge price per million completion tokens')
      .option('--force', 'Pool results of different runs (agents, models, epochs, versions)')
      .example('navworld report results/reference-results.jsonl --html report.html')
      .action((file: string, o: Record<string, unknown>) => {
        const html = pathFlag(o['html'], 'html');
        return reportCommand(file, {
          ...(html === undefined ? {} : { html }),
          ...(o['json'] === true ? { json: true } : {}),
          ...(o['passThreshold'] === undefined
            ? {}
            : { passThreshold: stringFlag(o['passThreshold'])! }),
          ...(stringFlag(o['seed']) === undefined ? {} : { seed: stringFlag(o['seed'])! }),
          ...(o['judgePromptPrice'] === undefined
            ? {}
            : { judgePromptPrice: stringFlag(o['judgePromptPrice'])! }),
          ...(o['judgeCompletionPrice'] === undefined
            ? {}
            : { judgeCompletionPrice: stringFlag(o['judgeCompletionPrice'])! }),
          ...(o['force'] === true ? { force: true } : {}),
        });
      });

    cli
      .command(
        'audit',
        'Play the reference agent and the exploit policies; fail when a cheat scores',
      )
      .option('--tasks <range>', 'Task ids (default 0-69)')
      .option('--policies <list>', 'Comma-separated policy names (default all)')
      .option('--salt <salt>', 'Epoch salt of the audit')
      .option('--stale-salt <salt>', 'Salt of the stale world the replay policy memorised')
      .option('--now <time>', NOW_HELP)
      .option('--concurrency <n>', 'Episodes at once (default 8)')
      .option('--out <file>', 'Write the whole report as JSON')
      .option('--world <world>', 'Only offline is supported')
      .option('--json', 'Print the report as JSON')
      .option('--quiet', 'No progress output')
      .action((o: Record<string, unknown>) =>
        auditCommand(o, {
          err: (text) => process.stderr.write(text),
          isTty: process.stderr.isTTY === true,
        }),
      );

    cli.help((sections) => {
      sections.push({ body: ENV_HELP }, { body: EXIT_CODE_HELP });
      return sections;
    });
    cli.version(VERSION);

    const parsed = cli.parse(argv, { run: false });
    if (parsed.options['help'] === true) return EXIT_CODES.ok;
    if (parsed.options['version'] === true && cli.matchedCommand === undefined)
      return EXIT_CODES.ok;
    if (cli.matchedCommand === undefined) {
      if (parsed.args.length === 0) {
        cli.outputHelp();
        return EXIT_CODES.ok;
      }
      throw new NavworldError(
        ERROR_CODES.UNKNOWN_COMMAND,
        `unknown command ${JSON.stringify(parsed.args[0])}`,
        {
          hint: 'commands: task, tools, call, evaluate, score, mcp, serve, report, audit (navworld --help)',
        },
      );
    }
    const note = offlineWithKeyNote(cli.matchedCommandName, parsed.options['world'], env, config);
    if (note !== undefined) err(note);
    const code: unknown = await cli.runMatchedCommand();
    return typeof code === 'number' ? code : EXIT_CODES.ok;
  } catch (error) {
    return reportError(error, debug, err);
  }
}
