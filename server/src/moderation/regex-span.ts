/**
 * The most characters a regular expression can match (Infinity when a quantifier is unbounded or
 * a back-reference repeats a group). Lookarounds and anchors match none. Covers the syntax the
 * detectors use: groups, alternation, classes, escapes, `?`, `*`, `+` and `{m,n}`.
 */
export function maxMatchLength(pattern: RegExp): number {
  const source = pattern.source;
  // With the u or v flag one character can be a surrogate pair: two UTF-16 units.
  const unit = /[uv]/.test(pattern.flags) ? 2 : 1;
  let i = 0;

  const alternation = (): number => {
    let longest = sequence();
    while (source[i] === '|') {
      i++;
      longest = Math.max(longest, sequence());
    }
    return longest;
  };

  const sequence = (): number => {
    let total = 0;
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      total += quantified(atom());
    }
    return total;
  };

  const atom = (): number => {
    const c = source[i];
    if (c === '(') return group();
    if (c === '[') {
      i = closingBracket(source, i) + 1;
      return unit;
    }
    if (c === '\\') return escape();
    i++;
    if (c === '^' || c === '$') return 0;
    return c === '.' ? unit : 1;
  };

  const group = (): number => {
    i++;
    let lookaround = false;
    if (source[i] === '?') {
      const kind = source.slice(i, i + 3);
      if (kind.startsWith('?:')) i += 2;
      else if (kind.startsWith('?=') || kind.startsWith('?!')) {
        i += 2;
        lookaround = true;
      } else if (kind === '?<=' || kind === '?<!') {
        i += 3;
        lookaround = true;
      } else if (kind.startsWith('?<')) i = source.indexOf('>', i) + 1;
      else throw new Error(`Unsupported group at ${i} in /${source}/`);
    }
    const inner = alternation();
    if (source[i] !== ')') throw new Error(`Unclosed group in /${source}/`);
    i++;
    return lookaround ? 0 : inner;
  };

  const escape = (): number => {
    const c = source[i + 1];
    i += 2;
    if (c === 'b' || c === 'B') return 0;
    if (/[1-9]/.test(c) || c === 'k') return Infinity;
    if ((c === 'u' || c === 'p' || c === 'P') && source[i] === '{') {
      i = source.indexOf('}', i) + 1;
      return 2;
    }
    if (c === 'u') i += 4;
    else if (c === 'x') i += 2;
    else if (c === 'c') i += 1;
    return /[dDwWsS]/.test(c) ? unit : 1;
  };

  const quantified = (length: number): number => {
    const c = source[i];
    let max = 1;
    if (c === '?') i++;
    else if (c === '*' || c === '+') {
      i++;
      max = Infinity;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return length;
      i += m[0].length;
      max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    } else return length;
    if (source[i] === '?') i++;
    return length === 0 ? 0 : length * max;
  };

  const longest = alternation();
  if (i !== source.length) throw new Error(`Unbalanced parenthesis in /${source}/`);
  return longest;
}

function closingBracket(source: string, open: number): number {
  let i = open + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
  return i;
}
