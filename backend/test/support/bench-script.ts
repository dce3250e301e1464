import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Runs a bench script (`bench/…/run.mjs`) with `args` as `npm start` runs the product, not as
 * Jest's test environment; resolves with the summary it prints as one JSON line
 * (`{"<summaryKey>": …}`, from `--json`) and its whole output.
 */
export function runBenchScript<Summary>(
  script: string,
  args: string[],
  summaryKey: string,
): Promise<{ summary: Summary | null; output: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      const line = output.split('\n').find((l) => l.startsWith(`{"${summaryKey}"`));
      resolve({
        summary: line ? (JSON.parse(line) as Record<string, Summary>)[summaryKey] : null,
        output,
      });
    });
  });
}

/** The lines the script printed under its `[tag]`: its counts, for the test's output. */
export function benchLines(output: string, tag: string): string {
  return output
    .split('\n')
    .filter((line) => line.startsWith(`[${tag}]`))
    .join('\n');
}
