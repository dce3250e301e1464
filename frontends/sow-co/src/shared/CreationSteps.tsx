/** The steps of a creation screen (/sow, /co), the current one marked (aria-current="step"). */
export function CreationSteps<K extends string>({
  steps,
  current,
}: {
  steps: readonly (readonly [K, string])[];
  current: K;
}) {
  return (
    <ol className="sow-steps" aria-label="Steps">
      {steps.map(([key, label]) => (
        <li
          key={key}
          className={`sow-steps__step${current === key ? ' sow-steps__step--current' : ''}`}
          aria-current={current === key ? 'step' : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}
