/**
 * Configuration errors of the detection engine: a bad built-in recognizer (thrown at start-up)
 * or a customer's custom pattern that cannot be compiled. Messages name the recognizer, or the
 * custom pattern by its position (`#3`; `*` for the whole set), never scanned text and never the
 * pattern's name or source (they may hold customer terms).
 */
export class DetectionConfigError extends Error {
  /** Machine-readable code; the service maps `invalid_custom_pattern` to 422. */
  readonly code: 'invalid_recognizer' | 'invalid_custom_pattern';
  /** Id of the recognizer, or position of the custom pattern at fault (`#3`; `*`: the whole set). */
  readonly subject: string;
  /** What is wrong, without the subject: what a service may show (a pattern's name can hold customer terms). */
  readonly problem: string;

  constructor(code: 'invalid_recognizer' | 'invalid_custom_pattern', subject: string, problem: string) {
    super(
      code === 'invalid_recognizer'
        ? `recognizer "${subject}": ${problem}`
        : subject === '*'
          ? `custom patterns: ${problem}`
          : `custom pattern ${subject}: ${problem}`,
    );
    this.name = 'DetectionConfigError';
    this.code = code;
    this.subject = subject;
    this.problem = problem;
  }
}
