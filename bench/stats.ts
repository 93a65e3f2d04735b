/** Small helpers the benchmarks share: a numeric command-line option and the median of timings. */

/** `--name N` from the command line, or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The median of a non-empty list (the upper one of the two middles for an even count). */
export function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
