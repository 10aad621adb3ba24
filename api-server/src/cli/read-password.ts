import readline from 'node:readline';
import { Writable } from 'node:stream';

/**
 * Issue 23: the password of `npm run organiser -- add|passwd EMAIL` never travels in the command
 * line (visible in `ps` and in the shell's history). On a terminal it is asked for twice without
 * echo; otherwise it is the first line of standard input (`printf '%s\n' "$SENHA" | npm run …`).
 */
export async function readPassword(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!input.isTTY) return firstLine(input);
  const first = await ask('Senha: ', input, output);
  const again = await ask('Repita a senha: ', input, output);
  if (first !== again) throw new Error('As senhas não conferem.');
  return first;
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) return line;
  } finally {
    lines.close();
  }
  return '';
}

function ask(question: string, input: NodeJS.ReadStream, output: NodeJS.WriteStream): Promise<string> {
  output.write(question);
  // What is typed is not echoed: the interface writes to a sink.
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = readline.createInterface({ input, output: muted, terminal: true });
  return new Promise((resolve) => {
    lines.question('', (answer) => {
      lines.close();
      output.write('\n');
      resolve(answer);
    });
  });
}
