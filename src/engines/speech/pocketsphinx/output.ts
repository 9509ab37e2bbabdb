// Reads what `pocketsphinx_continuous -time yes` prints: for each utterance a hypothesis
// line, then one line per segment "word start end posterior" (seconds), framed by <s> and
// </s>. Filler segments (<sil>, [NOISE], ++BREATH++) are dropped and alternate
// pronunciation marks ("the(2)") removed.

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

  constructor(
    private readonly onUtterance: (words: RecognizedWord[], span: UtteranceSpan) => void,
    private readonly timeOffset = 0,
  ) {}

  line(raw: string): void {
    const match = SEGMENT.exec(raw.trim());
    if (!match) {
      // A hypothesis line opens the next utterance; close one left without </s>.
      this.flush();
      return;
    }
    const [, token, start, end, posterior] = match;
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

  flush(): void {
    if (!this.open) return;
    const words = this.words;
    this.words = [];
    this.open = false;
    this.onUtterance(words, { ...this.span });
  }
}

export function round(value: number, places = 3): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}
