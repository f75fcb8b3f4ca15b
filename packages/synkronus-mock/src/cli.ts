/**
 * The `synkronus-mock` command: serves the engine on 127.0.0.1 for a client's own tests, until Ctrl-C or
 * SIGTERM. The same function runs from the package's bin (packages/synkronus-mock) and from the site's
 * `npm run synkronus-mock` (scripts/synkronus-mock.ts); only where the engine's data comes from differs.
 * Bad input ends it with a message naming the problem: exit 2 for a bad argument, 1 for what the machine
 * refuses (a port in use, a HAR file that cannot be written).
 */
import {closeSync, openSync, writeSync} from 'node:fs';
import {STATUS_CODES} from 'node:http';
import {parseArgs} from 'node:util';
import {CONTROL_PREFIX} from './control';
import {HAR_TAIL, harEntry, harHead, type HarCreator} from './har';
import {DEFAULT_DIALECT, DIALECTS, SEED_USERS, type DialectName, type EngineData} from './index';
import type {JournalEntry} from './journal';
import {startSynkronusServer} from './node';

export type CliInfo = {name: string; version: string; data: EngineData};
type Io = {out: (line: string) => void; err: (line: string) => void};

const USAGE = `Usage: synkronus-mock [options]

  --dialect <name>  answer as ${DIALECTS.map((d) => (d === DEFAULT_DIALECT ? `${d} (the default)` : d)).join(' or ')}
  --port <n>        listen on 127.0.0.1:<n> (default 8080; 0 takes a free port)
  --empty           start without observations, attachments or app bundles (the accounts stay)
  --control         serve the control API under ${CONTROL_PREFIX}/ (GET ${CONTROL_PREFIX} lists its calls)
  --har <file>      write every exchange to <file> as HAR 1.2
  --version         print the versions and the dialects
  --help            print this`;

class UsageError extends Error {}

/** A HAR file written entry by entry, a valid file after each: the closing is written over by the next entry. */
function harWriter(path: string, creator: HarCreator) {
  const fd = openSync(path, 'w');
  let position = writeSync(fd, harHead(creator) + HAR_TAIL, 0) - HAR_TAIL.length;
  let first = true;
  return {
    add(entry: JournalEntry) {
      const text = (first ? '' : ',') + JSON.stringify(harEntry(entry, (status) => STATUS_CODES[status] ?? ''));
      first = false;
      position += writeSync(fd, text + HAR_TAIL, position) - HAR_TAIL.length;
    },
    close: () => closeSync(fd),
  };
}

function options(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        dialect: {type: 'string', default: DEFAULT_DIALECT},
        port: {type: 'string', default: '8080'},
        empty: {type: 'boolean', default: false},
        control: {type: 'boolean', default: false},
        har: {type: 'string'},
        version: {type: 'boolean', default: false},
        help: {type: 'boolean', default: false},
      },
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message.replace(/\. To specify.*$/s, '')}; --help lists the options`);
  }
}

function checked(values: ReturnType<typeof options>) {
  const dialect = values.dialect as DialectName;
  if (!DIALECTS.includes(dialect))
    throw new UsageError(`--dialect must be one of ${DIALECTS.join(', ')}, not ${values.dialect}`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new UsageError(`--port must be a port number (0 to 65535), not ${values.port}`);
  return {dialect, port};
}

/** Runs the command; resolves with the exit code once it is done (on a signal when it serves). */
export async function runCli(
  argv: string[],
  info: CliInfo,
  io: Io = {out: console.log, err: console.error},
): Promise<number> {
  let values: ReturnType<typeof options>;
  let dialect: DialectName;
  let port: number;
  try {
    values = options(argv);
    ({dialect, port} = checked(values));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${info.name}: ${error.message}`);
    return 2;
  }
  if (values.help) return (io.out(USAGE), 0);
  if (values.version) {
    io.out(
      `${info.name} ${info.version}, API description ${info.data.contract.version}, dialects ${DIALECTS.join(', ')} (default ${DEFAULT_DIALECT})`,
    );
    return 0;
  }
  const creator = {name: info.name, version: info.version};
  let har: ReturnType<typeof harWriter> | undefined;
  try {
    if (values.har) har = harWriter(values.har, creator);
  } catch (error) {
    io.err(`${info.name}: cannot write the HAR file ${values.har}: ${(error as Error).message}`);
    return 1;
  }
  return serve(info, {dialect, port, empty: values.empty, control: values.control, creator, har}, io);
}

async function serve(
  info: CliInfo,
  run: {
    dialect: DialectName;
    port: number;
    empty: boolean;
    control: boolean;
    creator: HarCreator;
    har?: ReturnType<typeof harWriter>;
  },
  io: Io,
): Promise<number> {
  let server: Awaited<ReturnType<typeof startSynkronusServer>>;
  try {
    server = await startSynkronusServer({
      data: info.data,
      dialect: run.dialect,
      port: run.port,
      seed: {content: !run.empty},
      control: run.control,
      creator: run.creator,
      onJournal: run.har && ((entry) => run.har!.add(entry)),
    });
  } catch (error) {
    run.har?.close();
    const {code} = error as NodeJS.ErrnoException;
    io.err(
      code === 'EADDRINUSE'
        ? `${info.name}: port ${run.port} is in use on 127.0.0.1: choose another with --port (0 takes a free one)`
        : `${info.name}: cannot listen on 127.0.0.1:${run.port}: ${(error as Error).message}`,
    );
    return 1;
  }
  io.out(`${info.name}: dialect ${run.dialect} at ${server.origin}`);
  io.out(`${info.name}: accounts ${SEED_USERS.map((u) => `${u.username} / ${u.password} (${u.role})`).join(', ')}`);
  if (run.control) io.out(`${info.name}: control API at ${server.origin}${CONTROL_PREFIX}`);
  return new Promise<number>((resolve) => {
    const stop = () =>
      void server.close().then(() => {
        run.har?.close();
        resolve(0);
      });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
