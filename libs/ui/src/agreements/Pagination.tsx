import './agreements.css';

export interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
  /** What is counted ("contracts"). */
  noun?: string;
}

/** Previous / next with the current page; hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  total,
  onPage,
  noun = 'contracts',
}: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="dash-pagination" aria-label="Pagination">
      <button
        type="button"
        className="ps-button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {totalPages} · {total} {noun}
      </span>
      <button
        type="button"
        className="ps-button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
