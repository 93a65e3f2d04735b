import { Group, Pagination, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { num } from './format';

/** Rows per page of the console's lists (the service serves at most 500). */
export const PAGE_SIZE = 25;

/**
 * The page of one list, kept in the URL (`?<param>=2`, 1-based) so a view can be shared and
 * Back works; `limit` and `offset` are the GraphQL arguments for it.
 */
export function usePage(param = 'page', size = PAGE_SIZE) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get(param))) || 1);
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set(param, String(p));
    else next.delete(param);
    setParams(next);
  };
  return { page, setPage, limit: size, offset: (page - 1) * size };
}

/** Which rows of how many, and the page buttons; only the count when one page holds them all. */
export function Pager({ total, page, setPage, limit, offset, label }: ReturnType<typeof usePage> & { total: number; label: string }) {
  const shown = total === 0 ? '0' : `${num(Math.min(offset + 1, total))}–${num(Math.min(offset + limit, total))}`;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" data-testid={`${label}-range`}>{shown} of {num(total)} {label}</Text>
      {(total > limit || page > 1) && (
        <Pagination
          total={Math.max(1, Math.ceil(total / limit))}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page of ${label}` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p} of ${label}` })}
        />
      )}
    </Group>
  );
}
