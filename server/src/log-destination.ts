/** What Fastify's logger option `stream` takes. */
export interface LogStream {
  write(line: string): void;
}

/** How the log is written: `pretty` readable lines for a person, `json` one object a line for machines. */
export type LogFormat = 'pretty' | 'json';

/**
 * A person at a terminal reads lines; anything else (a pipe, a file, a container's log driver,
 * the tests' child processes) gets JSON lines that a log collector can parse.
 */
export const logFormatFor = (stdout: { isTTY?: boolean }): LogFormat => (stdout.isTTY ? 'pretty' : 'json');

/**
 * The stream the server's logger writes to: pino-pretty on a terminal, or undefined for pino's
 * own JSON on stdout. Imported only when wanted, so a production process never loads it. Written
 * synchronously, so the lines before an exit are not lost.
 */
export async function logDestination(stdout: { isTTY?: boolean } = process.stdout): Promise<LogStream | undefined> {
  if (logFormatFor(stdout) === 'json') return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ destination: 1, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
