import type { Recognizer } from '../types';
import { secretRecognizers } from './secrets';

/** Every built-in recognizer, in priority order (earlier wins ties in overlap resolution). */
export const recognizers: Recognizer[] = [...secretRecognizers];
