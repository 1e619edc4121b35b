import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { stripVTControlCharacters } from 'node:util';
import { eventually, freePort, REPO_ROOT, SERVER_MAIN, startServer } from '@torque/testkit';
import { logFormatFor } from '../src/log-destination.ts';

const SERVING = /Torque Parts is serving on http:\/\/localhost:\d+/;
/** util-linux `script` runs a command on a pseudo-terminal: the server's stdout is then a TTY. */
const noScript = spawnSync('script', ['--version']).status === 0 ? false : 'util-linux `script` is not installed';

/** What `npm start` prints: readable lines to a person at a terminal, JSON lines to anything else. */
describe('the server log on a terminal and off it', { concurrency: true }, () => {
  test('the format follows whether stdout is a terminal', () => {
    assert.equal(logFormatFor({ isTTY: true }), 'pretty');
    assert.equal(logFormatFor({ isTTY: false }), 'json');
    assert.equal(logFormatFor({}), 'json', 'a pipe or a file has no isTTY');
  });

  test('on a pseudo-terminal the server prints readable lines', { skip: noScript }, async (t) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-tty-log-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const command = [process.execPath, SERVER_MAIN].map((arg) => `'${arg}'`).join(' ');
    const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port) },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    t.after(async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM'); // script hangs up the terminal, which ends the server
      await exited;
    });

    const lines = await eventually(
      'the server to say it is serving',
      () => {
        if (child.exitCode !== null) throw new Error(`script exited (${child.exitCode}):\n${output}`);
        const seen = stripVTControlCharacters(output).split(/\r?\n/);
        return seen.some((line) => SERVING.test(line)) && seen;
      },
      { timeoutMs: 120_000 },
    );
    const serving = lines.find((line) => SERVING.test(line))!;
    assert.match(serving, /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Torque Parts is serving on /, serving);
    assert.ok(
      lines.every((line) => !line.trimStart().startsWith('{')),
      `no JSON line on a terminal:\n${lines.join('\n')}`,
    );
  });

  test('through a pipe the server prints JSON lines', async (t) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'torque-json-log-'));
    const server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    t.after(async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const serving = await eventually('the server to say it is serving', () =>
      server
        .logs()
        .split('\n')
        .find((line) => SERVING.test(line)),
    );
    const entry = JSON.parse(serving) as { level: number; msg: string; time: number };
    assert.equal(entry.level, 30);
    assert.match(entry.msg, SERVING);
    assert.equal(typeof entry.time, 'number');
  });
});
