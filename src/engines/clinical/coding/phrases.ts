// A small phrase matcher over word tokens (longest match, non-overlapping).
import { phraseTokens, type Token } from '../lexicon/index.ts';

interface Node<T> { next: Map<string, Node<T>>; value?: T }

export interface PhraseHit<T> { value: T; start: number; end: number }

export class PhraseSet<T> {
  private readonly root: Node<T> = { next: new Map() };

  add(phrase: string, value: T): this {
    let node = this.root;
    for (const t of phraseTokens(phrase)) {
      let n = node.next.get(t);
      if (!n) node.next.set(t, (n = { next: new Map() }));
      node = n;
    }
    node.value ??= value;
    return this;
  }

  find(tokens: readonly Token[]): PhraseHit<T>[] {
    const out: PhraseHit<T>[] = [];
    let i = 0;
    while (i < tokens.length) {
      let node: Node<T> | undefined = this.root;
      let best: { to: number; value: T } | undefined;
      for (let j = i; j < tokens.length && node; j++) {
        node = node.next.get(tokens[j]!.norm);
        if (node?.value !== undefined) best = { to: j + 1, value: node.value };
      }
      if (!best) {
        i++;
        continue;
      }
      out.push({ value: best.value, start: tokens[i]!.start, end: tokens[best.to - 1]!.end });
      i = best.to;
    }
    return out;
  }
}
