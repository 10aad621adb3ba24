import { existsSync } from 'node:fs';

/** Debian's Chromium (`apt-get install -y chromium`), or the one CHROME_PATH names. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's with \`apt-get install -y chromium\`, or set CHROME_PATH to a Chromium binary.`,
    );
  }
  return path;
}

/** Flags that let Chromium run as root on a machine with no network but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
