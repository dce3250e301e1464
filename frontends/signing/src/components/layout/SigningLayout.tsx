import { useEffect, useRef, type ReactNode } from 'react';
import '../signing.css';

export interface SigningLayoutProps {
  /** The page's heading; the browser tab shows the same text. */
  title: string;
  children?: ReactNode;
}

/**
 * The frame every signing page shares: one h1 that names the page state, the
 * same text as the document title, and focus moved to the heading when it
 * changes so screen readers announce the new state.
 */
export function SigningLayout({ title, children }: SigningLayoutProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(true);

  useEffect(() => {
    document.title = title;
    if (firstTitle.current) {
      firstTitle.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
  }, [title]);

  return (
    <article className="sg-signing-page">
      <h1 ref={headingRef} className="sg-signing-page__title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </article>
  );
}
