import { labelFor } from './labels';
import type { ContextualDetector, FindingTypeInfo, Recognizer } from './types';

/**
 * Every finding type of an engine's recognizers and contextual detectors, with its data types
 * (merged across the sources reporting it) and its label: the engine's `findingTypes`, which the
 * service's API and analytics read (the client library's build stubs it out: it has no reader
 * there).
 */
export function catalogue(recognizers: readonly Recognizer<string>[], detectors: readonly ContextualDetector[]): FindingTypeInfo[] {
  const byType = new Map<string, FindingTypeInfo>();
  for (const r of [...recognizers, ...detectors]) {
    const known = byType.get(r.type);
    if (known) {
      for (const d of r.dataTypes) if (!known.dataTypes.includes(d)) known.dataTypes.push(d);
    } else {
      byType.set(r.type, { type: r.type, dataTypes: [...r.dataTypes], label: labelFor(r.type) });
    }
  }
  return [...byType.values()];
}
