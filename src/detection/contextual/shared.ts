/**
 * What the contextual detectors share within one scan: the tokens, and the findings that other
 * detectors use (PERSON drops names inside addresses; PHI looks for names and dates of birth).
 * Kept per scan, keyed by the engine's context object in a WeakMap: nothing outlives the scan,
 * and no text is kept between scans. A call without a context computes everything afresh.
 */
import type { DetectContext, Finding } from '../types';
import { tokenize, type Tokens } from './tokenize';

export interface ScanState {
  text: string;
  tokens?: Tokens;
  persons?: Finding[];
  addresses?: Finding[];
  datesOfBirth?: Finding[];
}

const states = new WeakMap<DetectContext, ScanState>();

/** The shared state of the scan of `text` (a fresh one without a context). */
export function stateFor(text: string, ctx?: DetectContext): ScanState {
  if (!ctx) return { text };
  let state = states.get(ctx);
  if (!state || state.text !== text) {
    state = { text };
    states.set(ctx, state);
  }
  return state;
}

/** The tokens of the scan, made once. */
export function tokensOf(state: ScanState): Tokens {
  state.tokens ??= tokenize(state.text);
  return state.tokens;
}
