import { formatCount } from '../../lib/format-sizes';
import { m } from '../../paraglide/messages.js';

interface Props {
  query: string;
  onQuery: (query: string) => void;
  /** How many files the query finds. */
  found: number;
}

/**
 * "Find a file": filters the files of every section as one types (title, group, section, type, in the page's
 * language) and says how many files match, or that none does, in a live region.
 */
export function FileSearch({ query, onQuery, found }: Props) {
  const searching = query.trim() !== '';
  return (
    <div role="search" className="file-search">
      <label htmlFor="file-search-input" className="form-label fw-semibold">
        {m.members_find_label()}
      </label>
      <input
        id="file-search-input"
        className="form-control"
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        placeholder={m.members_find_placeholder()}
        aria-describedby="file-search-result"
        autoComplete="off"
        spellCheck={false}
      />
      <p id="file-search-result" role="status" className="small text-body-secondary mt-1 mb-0">
        {!searching
          ? ''
          : found === 0
            ? m.members_find_none({ query: query.trim() })
            : found === 1
              ? m.members_find_count_one()
              : m.members_find_count({ count: formatCount(found) })}
      </p>
    </div>
  );
}
