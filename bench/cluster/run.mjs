// Faults under load: 200 signers at once (BENCH_SIGNERS) through nginx in
// front of two apis and two workers while one api is SIGKILLed and started again, nginx reloads
// and the workers restart one after the other — bench/signers/run.mjs --faults, whose figures
// and checks (every agreement signed and sealed, 0 × 5xx seen by a signer, each signed copy
// caught once, the dashboard hearing every signature) are described in bench/README.md.
//
//   npm run build && node bench/cluster/run.mjs          (--json for the figures as JSON)
process.env.BENCH_SIGNERS ??= '200';
if (!process.argv.includes('--faults')) process.argv.push('--faults');
await import('../signers/run.mjs');
