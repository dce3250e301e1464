// Child-process bookkeeping for the local stack and the test runner: every
// process we start is remembered so that Ctrl-C (or the end of a test run)
// stops exactly those, and nothing else on the machine.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
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
  child.logFile = logFile;
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
        `${child.processName} exited with code ${child.exitCode} before listening on ${port}${logTail(child.logFile)}`,
      );
    }
    if (await canConnect(port, host)) return;
    await sleep(200);
  }
  throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs / 1000}s`);
}

function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Ports this process handed out: never twice, even once their trial socket closed. */
const handedOut = new Set();

/**
 * A free TCP port for a server this process will start. Picked below the kernel's ephemeral
 * range (where the OS's own `listen(0)` picks): a port from that range can be taken as the
 * local port of some outgoing connection (an api's to Redis, say) before our server binds it,
 * and two calls could get the same port back; either way a replica fails to bind while
 * another server answers on its port. Tried on every address, as the servers listen.
 */
export async function freePort() {
  const [low] = ephemeralPortRange();
  const from = Math.max(10_000, low - 12_000);
  for (let attempt = 0; attempt < 100 && low - from > 1_000; attempt++) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  // No room below the range (an unusual kernel setting): the OS's pick, still never twice.
  for (;;) {
    const port = await osPickedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function ephemeralPortRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux: the IANA dynamic range.
  }
  return [49_152, 65_535];
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    // No host: the unspecified address (IPv6 and IPv4), which clashes with any listener on the port.
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

function osPickedPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The last lines of a process's log file, for an error message (nothing when it logs to the console). */
export function logTail(file, lines = 30) {
  if (!file || !existsSync(file)) return '';
  const tail = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  return `; the end of ${file}:\n${tail}`;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
