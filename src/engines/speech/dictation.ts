// Dictation mode: spoken punctuation and layout commands ("period", "new paragraph")
// become the marks themselves in the transcript text.
const COMMANDS: [string[], string][] = [
  [['new', 'paragraph'], '\n\n'],
  [['new', 'line'], '\n'],
  [['next', 'line'], '\n'],
  [['question', 'mark'], '?'],
  [['exclamation', 'point'], '!'],
  [['exclamation', 'mark'], '!'],
  [['full', 'stop'], '.'],
  [['period'], '.'],
  [['comma'], ','],
  [['colon'], ':'],
  [['semicolon'], ';'],
];

export function applyDictation(words: string[]): string {
  let text = '';
  let capitalise = true;
  for (let i = 0; i < words.length; ) {
    const command = COMMANDS.find(([spoken]) => spoken.every((w, j) => words[i + j]?.toLowerCase() === w));
    if (command) {
      const [spoken, mark] = command;
      text = mark.startsWith('\n') ? text.trimEnd() + mark : text.trimEnd() + mark + ' ';
      capitalise = mark !== ',' && mark !== ';' && mark !== ':';
      i += spoken.length;
      continue;
    }
    const word = words[i];
    text += (capitalise ? word.charAt(0).toUpperCase() + word.slice(1) : word) + ' ';
    capitalise = false;
    i++;
  }
  return text.replace(/ +\n/g, '\n').trim();
}
