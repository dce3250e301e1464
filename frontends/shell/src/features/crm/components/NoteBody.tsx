import { textWithLinks } from '../utils/text-with-links';

/** A note's text as written (line breaks kept), its web addresses as links. */
export function NoteBody({ text }: { text: string }) {
  return (
    <p className="crm-note__body">
      {textWithLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
