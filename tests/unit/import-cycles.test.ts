/**
 * No import cycle at run time: the modules of src, src-server, src-client and scripts, followed through
 * their runtime imports (`import type` is left out, as the compiler drops it), form no loop. A cycle
 * is how a floor ends up knowing a feature (the live hub once imported the vote counter, which
 * imported the hub's recorder): the test names each one it finds.
 */
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const SOURCES = ['src/**/*.ts', 'src-server/**/*.ts', 'src-client/**/*.{ts,tsx}', 'scripts/**/*.{ts,mts,mjs}'];

describe('imports', () => {
  it('form no cycle at run time', async () => {
    // transform: each module is compiled first, so type-only imports are not followed.
    const tree = await parseDependencyTree(SOURCES, { transform: true, skipDynamicImports: false });
    expect(Object.keys(tree).length).toBeGreaterThan(300);
    const cycles = parseCircular(tree).map((cycle) => [...cycle, cycle[0]].join(' -> '));
    expect(cycles).toEqual([]);
  }, 120_000);
});
