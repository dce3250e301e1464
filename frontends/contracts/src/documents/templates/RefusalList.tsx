/** Why the server refused a template call: each reason it named, under what did not happen. */
export function RefusalList({ title, reasons }: { title: string; reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <div role="alert" className="ps-doc-templates__refusal">
      <p>{title}</p>
      <ul>
        {reasons.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
