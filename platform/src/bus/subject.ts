/**
 * Subject rules shared by every Bus adapter, so the in-process bus matches exactly what
 * NATS would deliver: dot-separated non-empty tokens without whitespace; in patterns `*`
 * is one token and `>` (last token only) is one or more trailing tokens.
 */
export class InvalidSubjectError extends Error {
  readonly code = 'BUS.INVALID_SUBJECT';
  constructor(
    readonly subject: string,
    reason: string,
  ) {
    super(`Invalid bus subject "${subject}": ${reason}`);
    this.name = 'InvalidSubjectError';
  }
}

const badToken = /[\s]/;

function tokens(subject: string): string[] {
  if (typeof subject !== 'string' || subject.length === 0) throw new InvalidSubjectError(String(subject), 'empty');
  const parts = subject.split('.');
  for (const t of parts) {
    if (t.length === 0) throw new InvalidSubjectError(subject, 'empty token');
    if (badToken.test(t)) throw new InvalidSubjectError(subject, 'whitespace in token');
  }
  return parts;
}

/** A concrete subject to publish on: no wildcards. */
export function assertPublishSubject(subject: string): void {
  for (const t of tokens(subject)) {
    if (t === '*' || t === '>') throw new InvalidSubjectError(subject, 'wildcards are not allowed when publishing');
  }
}

/** A subscription pattern: `*` anywhere as a whole token, `>` only as the last token. */
export function assertPattern(pattern: string): void {
  const parts = tokens(pattern);
  parts.forEach((t, i) => {
    if (t === '>' && i !== parts.length - 1) throw new InvalidSubjectError(pattern, '">" must be the last token');
    if (t !== '*' && t !== '>' && (t.includes('*') || t.includes('>'))) {
      throw new InvalidSubjectError(pattern, 'wildcards must be whole tokens');
    }
  });
}

/** Compiles a pattern into a predicate over concrete subjects. */
export function subjectMatcher(pattern: string): (subject: string) => boolean {
  assertPattern(pattern);
  const p = pattern.split('.');
  if (!p.includes('*') && !p.includes('>')) return (subject) => subject === pattern;
  const tail = p[p.length - 1] === '>';
  const fixed = tail ? p.slice(0, -1) : p;
  return (subject) => {
    const s = subject.split('.');
    if (tail ? s.length <= fixed.length : s.length !== fixed.length) return false;
    for (let i = 0; i < fixed.length; i++) {
      if (fixed[i] !== '*' && fixed[i] !== s[i]) return false;
    }
    return true;
  };
}

export function subjectMatches(pattern: string, subject: string): boolean {
  return subjectMatcher(pattern)(subject);
}
