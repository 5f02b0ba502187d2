/**
 * What the server's process is started with, besides its own settings, wherever this project starts
 * it: `npm start` (package.json's start line, since there the server runs in the launcher's own
 * process, whose environment is fixed before Node starts), the cluster's instances, the systemd unit
 * in deploy/ and the benchmarks.
 *
 * `MALLOC_MMAP_THRESHOLD_`: glibc's malloc serves each block of 32 KiB or more with a mapping of its
 * own, given back to the system when freed. By default the threshold rises with every large block
 * freed (up to 32 MiB), so the start's passing blocks (PGlite's files read in, WebAssembly compiled,
 * the modules parsed) land in malloc's heaps, and what is freed there stays in the process: ~70 MiB
 * of an idle server's RSS was memory malloc held free (BENCHMARKS.md, "Memory and start-up").
 * Ignored by Bun (its own allocator) and by other C libraries.
 */
export const SERVER_PROCESS_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '32768' });
