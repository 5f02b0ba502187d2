/**
 * What the server's process is started with, besides its own settings, wherever this project starts
 * it: `npm start` (package.json's start line, since there the server runs in the launcher's own
 * process, whose environment is fixed before Node starts), the cluster's instances, the systemd unit
 * in deploy/ and the benchmarks.
 *
 * `MALLOC_MMAP_THRESHOLD_`: glibc's malloc serves each block of 64 KiB or more with a mapping of its
 * own, given back to the system when freed. By default the threshold rises with every large block
 * freed (up to 32 MiB), so the start's passing blocks (PGlite's files read in, its WebAssembly
 * compiled, the bundle parsed) land in malloc's heaps, and what is freed there stays in the process:
 * in an idle server malloc held ~70 MiB free (BENCHMARKS.md, "Memory and start-up"). 32 KiB gave back
 * more (V8's compiler zones on its worker threads too) but mapped and unmapped ~9,000 blocks while
 * starting, which doubled the start on an existing folder; 64 KiB does not slow it.
 * Ignored by Bun (its own allocator) and by other C libraries.
 */
export const SERVER_PROCESS_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '65536' });
