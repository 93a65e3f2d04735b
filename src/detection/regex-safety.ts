/**
 * A cheap static guard against the classic catastrophic-backtracking shape: a group that
 * contains an unbounded quantifier and is itself repeated without bound, e.g. `(a+)+` or
 * `(?:\w+\s?)*`. Built-in recognizers are checked at start-up; custom patterns never reach the
 * backtracking engine at all (they run on RE2).
 */
export function hasNestedUnboundedQuantifier(source: string): boolean {
  const stack: boolean[] = [false];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      i = afterQuantifier(source, i, stack);
      continue;
    }
    if (c === '[') {
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < n && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      i = afterQuantifier(source, i, stack);
      continue;
    }
    if (c === '(') {
      stack.push(false);
      i++;
      continue;
    }
    if (c === ')') {
      const innerUnbounded = stack.pop() ?? false;
      if (stack.length === 0) stack.push(false);
      i++;
      const q = readQuantifier(source, i);
      if (q && q.unbounded && innerUnbounded) return true;
      if (innerUnbounded || (q && q.unbounded)) stack[stack.length - 1] = true;
      if (q) i = q.end;
      continue;
    }
    i++;
    i = afterQuantifier(source, i, stack);
  }
  return false;
}

function afterQuantifier(source: string, i: number, stack: boolean[]): number {
  const q = readQuantifier(source, i);
  if (!q) return i;
  if (q.unbounded) stack[stack.length - 1] = true;
  return q.end;
}

function readQuantifier(source: string, i: number): { unbounded: boolean; end: number } | null {
  const c = source[i];
  let end: number;
  let unbounded: boolean;
  if (c === '*' || c === '+') {
    unbounded = true;
    end = i + 1;
  } else if (c === '?') {
    unbounded = false;
    end = i + 1;
  } else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
    if (!m) return null;
    unbounded = m[2] !== undefined && m[3] === '';
    end = i + m[0].length;
  } else {
    return null;
  }
  if (source[end] === '?' || source[end] === '+') end++;
  return { unbounded, end };
}
