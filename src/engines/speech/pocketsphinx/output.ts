// Reads what `pocketsphinx_continuous -time yes` prints: for each utterance a hypothesis
// line, then one line per segment "word start end posterior" (seconds), framed by <s> and
// </s>. Filler segments (<sil>, [NOISE], ++BREATH++) are dropped and alternate
// pronunciation marks ("the(2)") removed. Some utterances end without </s> (the search did
// not reach the sentence end): settle() delivers one once it holds as many words as its
// hypothesis line, rather than when the next utterance is printed — which, live, can be
// many seconds later.

export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  confidence: number;
}

const SEGMENT = /^(\S+) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/;

export function isFiller(token: string): boolean {
  return token.startsWith('<') || token.startsWith('[') || token.startsWith('++');
}

/** Incremental parser: feed lines, get each utterance's words when its </s> arrives. */
export interface UtteranceSpan {
  /** Seconds, from the utterance's <s> to its </s>. */
  start: number;
  end: number;
}

export class SegmentParser {
  private words: RecognizedWord[] = [];
  private open = false;
  private span: UtteranceSpan = { start: 0, end: 0 };
  /** Words in the latest hypothesis line: the utterance is complete when it has them all. */
  private expected = 0;
  /** The utterance was complete without its </s>: a late </s> belongs to it. */
  private closedEarly = false;

  constructor(
    private readonly onUtterance: (words: RecognizedWord[], span: UtteranceSpan) => void,
    private readonly timeOffset = 0,
  ) {}

  line(raw: string): void {
    const match = SEGMENT.exec(raw.trim());
    const closedEarly = this.closedEarly;
    this.closedEarly = false;
    if (!match) {
      // A hypothesis line opens the next utterance; close one left without </s>.
      this.flush();
      this.expected = raw.trim() ? raw.trim().split(/\s+/).length : 0;
      return;
    }
    const [, token, start, end, posterior] = match;
    if (token === '</s>' && closedEarly) return;
    const from = round(Number(start) + this.timeOffset);
    const to = round(Number(end) + this.timeOffset);
    if (token === '<s>') {
      this.flush();
      this.open = true;
      this.span = { start: from, end: to };
      return;
    }
    if (!this.open) this.span = { start: from, end: to };
    this.open = true;
    this.span.end = to;
    if (token === '</s>') {
      this.flush();
      return;
    }
    if (isFiller(token)) return;
    this.words.push({
      word: token.replace(/\(\d+\)$/, ''),
      start: from,
      end: to,
      confidence: round(Math.min(1, Math.max(0, Number(posterior)))),
    });
  }

  /** Delivers the open utterance if it already holds every word of its hypothesis line,
   * without waiting for a </s> that may never come (call when the printer pauses). */
  settle(): void {
    if (!this.open || this.expected === 0 || this.words.length < this.expected) return;
    this.flush();
    this.closedEarly = true;
  }

  flush(): void {
    if (!this.open) return;
    const words = this.words;
    this.words = [];
    this.open = false;
    this.expected = 0;
    this.onUtterance(words, { ...this.span });
  }
}

export function round(value: number, places = 3): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
