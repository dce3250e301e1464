// Reading test runners' console output, for the closing summary of `npm test`.

/**
 * "Suite › test" and the first lines of its error, for each Jest test that failed in this output
 * (Jest heads each failure "● Suite › test", under its file's "FAIL" line), and "Go TestName"
 * for each failing Go test.
 */
export function failedJestAndGoTests(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const found = new Map();
  // Jest names the file once, "FAIL <project> <file> (12 s)", above its failures.
  let file = '';
  lines.forEach((line, index) => {
    const failedFile = /^\s*FAIL\s+(?:\S+\s+)?(\S+\.[cm]?[jt]sx?)\b/.exec(line);
    if (failedFile) file = failedFile[1];
    const jest = /^\s*● (?!Console\b)(.+)$/.exec(line);
    if (jest && !found.has(jest[1])) {
      const following = lines.slice(index + 1, index + 30);
      const next = following.findIndex((l) => /^\s*●|^\s*(PASS|FAIL) /.test(l));
      const detail = (next === -1 ? following : following.slice(0, next))
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(0, 6);
      found.set(
        jest[1],
        `${jest[1]}${file ? ` (${file})` : ''}\n        ${detail.join('\n        ')}`,
      );
    }
    const go = /^\s*--- FAIL: (\S+)/.exec(line);
    if (go && !found.has(go[1])) found.set(go[1], `Go ${go[1]}`);
  });
  return [...found.values()];
}

/** A failed stage's line of the closing summary, with the tests that failed in it listed below. */
export function failedStage(stage, failedTests) {
  return failedTests.length
    ? `${stage}; failed tests:\n${failedTests.map((line) => `      ${line}`).join('\n')}`
    : stage;
}
