/**
 * Bench-only preload for a server under test (the app or a bare baseline), started as
 *   node --expose-gc --import file:///…/scripts/bench/gc-preload.mjs server.js
 * with an IPC channel (stdio 'ipc'). On `{ type: 'bench:memory', id }` it runs a full GC and answers
 * with process.memoryUsage(). It also ends the process when the orchestrator goes away, so a crashed
 * benchmark leaves no server behind.
 */
process.on('message', (message) => {
  if (message?.type !== 'bench:memory') return;
  globalThis.gc?.();
  process.send?.({ type: 'bench:memory', id: message.id, usage: process.memoryUsage() });
});
process.on('disconnect', () => process.exit(0));
