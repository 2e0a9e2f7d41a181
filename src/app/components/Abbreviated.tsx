import { abbreviated } from '../model/glossary.ts';

/** A text with each glossary term in an <abbr> whose hover says what it stands for. */
export function Abbreviated({ text }: { text: string }) {
  return (
    <>
      {abbreviated(text).map((part, k) =>
        typeof part === 'string' ? (
          part
        ) : (
          <abbr key={k} title={`${part.term}: ${part.meaning}`}>
            {part.term}
          </abbr>
        ),
      )}
    </>
  );
}
