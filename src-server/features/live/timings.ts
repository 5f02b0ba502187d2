/**
 * For the benchmarks (HOITHI_TIMINGS=1 prints them at shutdown): how long each commit took, from its
 * events statement to its end.
 */
export class OrderedSectionTimes {
  private readonly times: { total: number[]; tail: number[] } = { total: [], tail: [] };

  /** `total` from the events statement to the end of the commit, `tail` from the last event written. */
  add(total: number, tail: number): void {
    if (this.times.total.length >= 100_000) this.times.total.length = this.times.tail.length = 0;
    this.times.total.push(total);
    this.times.tail.push(tail);
  }

  all(): { total: readonly number[]; tail: readonly number[] } {
    return this.times;
  }

  /** The line HOITHI_TIMINGS prints. */
  summary(): string {
    const { total, tail } = this.times;
    const at = (values: readonly number[], p: number) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!.toFixed(3) : 'n/a';
    };
    return (
      `[timings] commits: n=${total.length} from the events statement p50=${at(total, 0.5)} ms p99=${at(total, 0.99)} ms; ` +
      `the commit alone p50=${at(tail, 0.5)} ms p99=${at(tail, 0.99)} ms`
    );
  }
}
