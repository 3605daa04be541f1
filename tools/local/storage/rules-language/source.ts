/**
 * The rules file being read, and the one error type everything in this folder throws at load time.
 *
 * Positions are offsets into the text; line and column (both 1-based, columns in UTF-16 units as an editor shows
 * them for this ASCII file) are worked out only when an error or an explanation needs them.
 */

export class SourceFile {
  private readonly lineStarts: number[];

  constructor(
    readonly text: string,
    readonly fileName: string,
  ) {
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === '\n') this.lineStarts.push(i + 1);
  }

  /** 1-based line and column of an offset. */
  locate(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  /** 'storage.rules:12:5' */
  where(offset: number): string {
    const { line, column } = this.locate(offset);
    return `${this.fileName}:${line}:${column}`;
  }

  error(offset: number, reason: string): RulesError {
    const { line, column } = this.locate(offset);
    return new RulesError(this.fileName, line, column, reason);
  }
}

/**
 * A rules file this evaluator cannot enforce as written: a syntax error, or a construct outside the supported part of
 * the language. Thrown by loadRules(), never at evaluation time (a runtime problem is an error value, which denies).
 */
export class RulesError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    /** What is wrong, without the position. */
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
    this.name = 'RulesError';
  }
}
