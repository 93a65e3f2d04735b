import type { ComponentProps, ReactNode } from 'react';
import { Button, Group, Table } from '@mantine/core';
import { useQuery, type AnyVariables, type UseQueryArgs } from 'urql';
import { Pager, type usePage } from './paging';

/**
 * The pieces every list page of the console is made of: a query that can be reloaded from the
 * network after a change, a table of rows with a header per column, and row actions.
 */

/** `useQuery` plus `reload()`, which skips the cache: a page calls it after each change it makes. */
export function useReloadableQuery<Data, Variables extends AnyVariables = AnyVariables>(args: UseQueryArgs<Variables, Data>) {
  const [result, refetch] = useQuery<Data, Variables>(args);
  return [result, () => refetch({ requestPolicy: 'network-only' })] as const;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Left out entirely (header and cells), e.g. a column only the operator sees. */
  hidden?: boolean;
}

/**
 * A scrollable table of rows, or `empty` when the list has none. With `page` (one page of a paged
 * list), emptiness is the list's total, and the pager goes under the table.
 */
export function ListTable<T>({
  rows, rowKey, columns, minWidth, empty, rowProps, tableProps, page,
}: {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  minWidth: number;
  empty: ReactNode;
  rowProps?: (row: T) => Record<string, string>;
  tableProps?: ComponentProps<typeof Table>;
  page?: ReturnType<typeof usePage> & { total: number; label: string };
}) {
  if ((page ? page.total : rows.length) === 0) return <>{empty}</>;
  const shown = columns.filter((c) => !c.hidden);
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table {...tableProps}>
          <Table.Thead>
            <Table.Tr>{shown.map((c) => <Table.Th key={c.header}>{c.header}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                {shown.map((c) => <Table.Td key={c.header}>{c.cell(row)}</Table.Td>)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page && <Pager {...page} />}
    </>
  );
}

/** A row's action buttons, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <Group gap={4} wrap="nowrap">{children}</Group>;
}

/** One row action: a small light button (red for destructive ones). */
export function RowAction({ danger, ...props }: ComponentProps<typeof Button<'button'>> & { danger?: boolean }) {
  return <Button size="xs" variant="light" color={danger ? 'red' : undefined} {...props} />;
}
