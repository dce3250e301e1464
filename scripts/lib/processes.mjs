// Child-process bookkeeping for the local stack and the test runner: every
// process we start is remembered so that Ctrl-C (or the end of a test run)
// stops exactly those, and nothing else on the machine.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const started = new Set();

const COLORS = [36, 33, 35, 32, 34, 91, 96, 93, 95, 92];
let colorIndex = 0;

/**
 * Starts a long-running child. Output goes line-prefixed to the console
 * (`logFile` unset) or to a log file. Returns the ChildProcess.
 */
export function startProcess(name, command, args, { env, cwd, logFile } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.processName = name;
  started.add(child);
  child.on('exit', () => started.delete(child));

  if (logFile) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const out = createWriteStream(logFile, { flags: 'a' });
    // Two sources, one file: neither pipe may end it (stdout ending first would make stderr's
    // last lines a write after end); it ends once the child's streams have both closed.
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', () => out.end());
    out.on('error', (error) => console.error(`[${name}] log file ${logFile}: ${error.message}`));
  } else {
    const color = COLORS[colorIndex++ % COLORS.length];
    const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
    const relay = (stream, target) => {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop();
        for (const line of lines) target.write(prefix + line + '\n');
      });
      stream.on('end', () => buffered && target.write(prefix + buffered + '\n'));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
  }
  return child;
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, { env, cwd, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const error = new Error(
          `${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${quiet ? `\n${output}` : ''}`,
        );
        error.exitCode = code ?? 1;
        reject(error);
      }
    });
  });
}

/** Runs a command and captures its output while also streaming it; resolves with {code, output}. */
export function runCapture(command, args, { env, cwd } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Stops every process this module started: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll(graceMs = 10_000) {
  const children = [...started].reverse();
  await Promise.all(children.map((child) => stopProcess(child, graceMs)));
}

export function stopProcess(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Last-resort cleanup if the parent exits without calling stopAll. */
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/** Resolves when something accepts TCP connections on host:port, else rejects after timeoutMs. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(
        `${child.processName} exited with code ${child.exitCode} before listening on ${port}`,
      );
    }
    if (await canConnect(port, host)) return;
    await sleep(200);
  }
  throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs / 1000}s`);
}

export function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
