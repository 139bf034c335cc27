/** The rows of every Markdown table in `text`, as trimmed cells, rule lines left out (headers kept). */
export const tableRows = (text: string): string[][] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
