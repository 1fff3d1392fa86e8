import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@web/shared/hooks/use-debounced-value';

/** Search text plus zero-based page for a server-paged list; a new search returns to the first page. */
export const useServerPage = (pageSize: number) => {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const settled = useDebouncedValue(search.trim());
  useEffect(() => setPage(0), [settled]);
  return {
    search,
    setSearch,
    page,
    setPage,
    clear: () => {
      setSearch('');
      setPage(0);
    },
    query: { search: settled || undefined, page: page + 1, pageSize },
  };
};
