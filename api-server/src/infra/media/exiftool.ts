import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { DefaultExiftoolArgs, ExifTool, ExifToolTask } from 'exiftool-vendored';

// exiftool kept running between files (its -stay_open mode, through exiftool-vendored's process pool)
// instead of one process per command. Starting Perl and compiling ExifTool cost 0.15–0.5 s of CPU per
// command, and a guest copy takes two or three commands: 0.87 s per phone photo with a GPS position,
// more than its three renditions, while the media job holds its slot. Kept running: 0.12 s.

/** Runs exiftool commands (one argument per item, the file names among them) and answers what they print. */
export interface Exiftool {
  run(args: string[]): Promise<string>;
  /** Ends the running processes (the server closing); a later `run` starts them again. */
  end(): Promise<void>;
  /** The pids of the processes now running (tests). */
  pids(): number[];
}

/** One command's output; a line exiftool prints on stderr as an error (not a warning) rejects it. */
class CommandTask extends ExifToolTask<string> {
  protected parse(output: string, error?: Error): string {
    if (error) throw error;
    return output;
  }
}

export interface ExiftoolOptions {
  /** The exiftool program (EXIFTOOL_PATH, or the one on PATH). */
  path: string;
  /** At most this many exiftool processes at once. */
  processes: number;
  /** A command running longer is killed with its process, and rejected. */
  timeoutMs: number;
  /** A process without work for this long exits. */
  idleMs?: number;
}

/**
 * exiftool in -stay_open mode does not exit when its standard input closes: a server that dies without
 * ending the pool (SIGKILL, the OOM killer, a crash) left its Perl processes running for good, one more
 * at every such death. On Linux, util-linux's `setpriv` asks the kernel to kill exiftool when the
 * process that started it dies (PR_SET_PDEATHSIG), however it dies. Elsewhere exiftool is started as
 * exiftool-vendored does it, and a clean exit still ends it.
 */
const SETPRIV =
  // exiftool's script is run by its `#!/usr/bin/perl` line; without that perl, exiftool-vendored finds one itself.
  process.platform === 'linux' && fs.existsSync('/usr/bin/perl') ? ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file)) : undefined;

/** exiftool under setpriv, with the arguments and the environment exiftool-vendored gives it (not the server's secrets). */
const startTiedToServer = (setpriv: string, exiftoolPath: string) => async () =>
  spawn(setpriv, ['--pdeathsig', 'KILL', '--', exiftoolPath, ...DefaultExiftoolArgs], {
    stdio: 'pipe',
    shell: false,
    env: { LANG: 'C', ...(process.env.EXIFTOOL_HOME ? { EXIFTOOL_HOME: process.env.EXIFTOOL_HOME } : {}) },
  });

/**
 * The pool starts on the first command, so a server that makes no guest copy runs no exiftool. Note
 * that `-q -q` must not be passed: in -stay_open mode it silences the `{ready}` line that ends a command.
 */
export function keepExiftoolRunning(options: ExiftoolOptions): Exiftool {
  let pool: ExifTool | null = null;
  const open = () =>
    (pool ??= new ExifTool({
      exiftoolPath: options.path,
      maxProcs: Math.max(1, options.processes),
      taskTimeoutMillis: options.timeoutMs,
      maxIdleMsPerProcess: options.idleMs ?? 30_000,
      // A command that failed is not sent again: the caller decides (a guest copy is tried at its next use).
      taskRetries: 0,
      ...(SETPRIV ? { processFactory: startTiedToServer(SETPRIV, options.path) } : {}),
    }));
  return {
    run: (args) => open().enqueueTask(() => new CommandTask(args), false),
    end: async () => {
      const running = pool;
      pool = null;
      await running?.end();
    },
    pids: () => pool?.pids ?? [],
  };
}
