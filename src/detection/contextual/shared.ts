/**
 * What the contextual detectors share within one scan: the tokens, and the findings that other
 * detectors use (PERSON drops names inside addresses; PHI looks for names and dates of birth).
 * Kept per scan, keyed by the engine's context object in a WeakMap: nothing outlives the scan,
 * and no text is kept between scans. A call without a context computes everything afresh.
 * The engine ends a scan's state with `endScan` after its contextual pass, which hands the token
 * arrays to the next scan (Tokens.release): only the arrays are kept, never a token's content.
 */
import type { DetectContext, Finding } from '../types';
import { tokenize, type Tokens } from './tokenize';

export interface ScanState {
  text: string;
  /** The state belongs to a context, whose owner ends it (`endScan`): its tokens may use kept arrays. */
  owned: boolean;
  tokens?: Tokens;
  persons?: Finding[];
  addresses?: Finding[];
  datesOfBirth?: Finding[];
}

const states = new WeakMap<DetectContext, ScanState>();

/** The shared state of the scan of `text` (a fresh one without a context). */
export function stateFor(text: string, ctx?: DetectContext): ScanState {
  if (!ctx) return { text, owned: false };
  let state = states.get(ctx);
  if (!state || state.text !== text) {
    state = { text, owned: true };
    states.set(ctx, state);
  }
  return state;
}

/** The tokens of the scan, made once. */
export function tokensOf(state: ScanState): Tokens {
  state.tokens ??= tokenize(state.text, state.owned);
  return state.tokens;
}

/**
 * Ends the scan of context `ctx`: its state is forgotten and its token arrays go to the next
 * scan. Called by the owner of `ctx` once no detector of the scan runs any more (contextual-pass.ts).
 */
export function endScan(ctx: DetectContext): void {
  const state = states.get(ctx);
  if (!state) return;
  states.delete(ctx);
  state.tokens?.release();
  state.tokens = undefined;
}
