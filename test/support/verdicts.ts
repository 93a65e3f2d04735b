import { expect } from 'chai';

/**
 * A predicate's verdicts on sample inputs: true for each of `yes`, false for each of `no`. A
 * failure names the list and the position, never the input (samples may look like secrets).
 */
export function expectVerdicts<T>(predicate: (value: T) => boolean, yes: readonly T[], no: readonly T[]): void {
  yes.forEach((v, i) => expect(predicate(v), `yes[${i}]`).to.equal(true));
  no.forEach((v, i) => expect(predicate(v), `no[${i}]`).to.equal(false));
}
