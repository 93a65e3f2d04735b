import type { Recognizer } from '../types';

/** Secret recognizers (cloud keys, tokens, private keys, passwords, ...). */
export const secretRecognizers: Recognizer[] = [];
