import { FRAMEWORK_CONTEXTS } from './app-logger';
import { formatLogLine, prettyLogStream } from './pretty-log-stream';

const AT = new Date(2026, 2, 4, 9, 5, 7).getTime();

describe('pretty development logs', () => {
  it('writes a record as time, level, context and message, then its other fields', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 40,
        time: AT,
        pid: 1,
        hostname: 'h',
        name: 'prosign-api',
        context: 'SigningService',
        msg: 'no bookmarks',
        contractId: 'c1',
      }),
    );
    expect(line).toBe('09:05:07 WARN  [SigningService] no bookmarks contractId=c1\n');
  });

  it('writes a request as method, path, status and time', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: AT,
        msg: 'request completed',
        req: { method: 'POST', url: '/api/verifyToken' },
        res: { statusCode: 200 },
        responseTime: 12,
      }),
    );
    expect(line).toBe('09:05:07 INFO  POST /api/verifyToken → 200 (12 ms)\n');
  });

  it('puts an error stack under its line, and passes through what is not JSON', () => {
    const line = formatLogLine(
      JSON.stringify({ level: 50, time: AT, msg: 'failed', err: { stack: 'Error: x\n    at y' } }),
    );
    expect(line).toBe('09:05:07 ERROR failed\nError: x\n    at y\n');
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });

  it('colours the level only when asked', () => {
    const written: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => written.push(text) } as never, true);
    stream.write(`${JSON.stringify({ level: 30, time: AT, msg: 'hello' })}\n`);
    expect(written[0]).toBe('09:05:07 \x1b[32mINFO \x1b[0m hello\n');
  });

  it("counts Nest's start-up lines as framework chatter", () => {
    expect(FRAMEWORK_CONTEXTS.has('RouterExplorer')).toBe(true);
    expect(FRAMEWORK_CONTEXTS.has('InstanceLoader')).toBe(true);
    expect(FRAMEWORK_CONTEXTS.has('SigningService')).toBe(false);
  });
});
