/**
 * Adds participants from the address book (spec §2, §5): a department tree loaded level by
 * level, a search over users (more than 500 results asks for narrower criteria), results paged
 * by 50, and adding either the picked users or a whole department.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Pagination, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkSearchResultCount } from '@protocol/validation';
import type { AddressBookSource, DepartmentNode, UserEntry } from './addressBookSource';

export const PAGE_SIZE = 50;

export interface AddressBookDialogProps {
  /** reads the address book */
  source: AddressBookSource;
  /** invites users (address-book ids) */
  onAddUsers: (ids: number[]) => void;
  /** invites a department with its sub-departments */
  onAddDepartment: (depId: number) => void;
  /** closes it */
  onClose: () => void;
}

type Results = { ids: number[]; total: number; tooMany: boolean; label: string };

export function AddressBookDialog({ source, onAddUsers, onAddDepartment, onClose }: AddressBookDialogProps) {
  const { t } = useLingui();
  const [roots, setRoots] = useState<DepartmentNode[] | null>(null);
  const [children, setChildren] = useState<Record<number, DepartmentNode[]>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [department, setDepartment] = useState<DepartmentNode | null>(null);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [page, setPage] = useState(1);
  const [users, setUsers] = useState<UserEntry[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    source.topDepartments().then(setRoots, () => setFailed(true));
  }, [source]);

  const toggle = async (dep: DepartmentNode) => {
    const next = new Set(expanded);
    if (next.has(dep.id)) next.delete(dep.id);
    else {
      next.add(dep.id);
      if (!children[dep.id]) {
        try {
          const kids = await source.childDepartments(dep.id);
          setChildren((c) => ({ ...c, [dep.id]: kids }));
        } catch {
          setFailed(true);
        }
      }
    }
    setExpanded(next);
  };

  const run = useCallback(
    async (query: { keyword: string; depId?: number }, label: string) => {
      setLoading(true);
      setFailed(false);
      try {
        const res = await source.searchUsers(query);
        setResults({ ...res, label });
        setPage(1);
        setPicked(new Set());
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [source],
  );

  useEffect(() => {
    if (!results || results.tooMany) {
      setUsers([]);
      return;
    }
    const ids = results.ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    let live = true;
    source.users(ids).then(
      (u) => live && setUsers(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [results, page, source]);

  const tooMany = results ? checkSearchResultCount(results.total) === 'search.tooMany' || results.tooMany : false;

  // Nested lists of buttons, not role="tree": a tree promises arrow-key navigation and allows no
  // buttons inside its items (axe: aria-required-children), while Tab through lists works as is.
  const renderDeps = (deps: DepartmentNode[], depth: number) =>
    deps.map((d) => (
      <li key={d.id} style={{ listStyle: 'none' }}>
        <Group gap={4} wrap="nowrap" style={{ paddingInlineStart: depth * 14 }}>
          <UnstyledButton
            aria-label={expanded.has(d.id) ? t`Collapse ${d.name}` : t`Expand ${d.name}`}
            aria-expanded={expanded.has(d.id)}
            onClick={() => void toggle(d)}
            w={16}
          >
            {expanded.has(d.id) ? '▾' : '▸'}
          </UnstyledButton>
          <UnstyledButton
            aria-current={department?.id === d.id ? 'true' : undefined}
            onClick={() => {
              setDepartment(d);
              void run({ keyword: '', depId: d.id }, d.name);
            }}
            style={{ fontWeight: department?.id === d.id ? 600 : undefined }}
          >
            {d.name}
          </UnstyledButton>
        </Group>
        {expanded.has(d.id) && children[d.id] && <ul style={{ margin: 0, padding: 0 }}>{renderDeps(children[d.id], depth + 1)}</ul>}
      </li>
    ));

  return (
    <Modal opened onClose={onClose} size="xl" title={t`Add from address book`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ScrollArea h={420} w={240} type="auto">
          <nav aria-label={t`Departments`}>
            {roots === null && !failed ? <Loader size="sm" /> : <ul style={{ margin: 0, padding: 0 }}>{renderDeps(roots ?? [], 0)}</ul>}
          </nav>
        </ScrollArea>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              setDepartment(null);
              void run({ keyword: keyword.trim() }, keyword.trim());
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t`Search users`}
                placeholder={t`Name, number or address`}
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button type="submit" loading={loading}>
                <Trans>Search</Trans>
              </Button>
            </Group>
          </form>
          {failed && (
            <Alert color="red" role="alert">
              <Trans>The address book could not be read</Trans>
            </Alert>
          )}
          {tooMany && (
            <Alert color="yellow" role="alert" data-testid="search-too-many">
              <Trans>More than 500 results: please narrow the search criteria</Trans>
            </Alert>
          )}
          {results && !tooMany && (
            <Text size="sm" c="dimmed" data-testid="search-total" data-total={results.total}>
              <Trans>{results.total} users found</Trans>
            </Text>
          )}
          <ScrollArea h={300} type="auto">
            <Stack gap={2} role="list" aria-label={t`Users`}>
              {users.map((u) => (
                <div role="listitem" key={u.id}>
                  <Checkbox
                    label={`${u.name} · ${u.callAddr}`}
                    checked={picked.has(u.id)}
                    onChange={() => {
                      const next = new Set(picked);
                      if (next.has(u.id)) next.delete(u.id);
                      else next.add(u.id);
                      setPicked(next);
                    }}
                  />
                </div>
              ))}
            </Stack>
          </ScrollArea>
          {results && !tooMany && results.ids.length > PAGE_SIZE && (
            <Pagination
              size="sm"
              total={Math.ceil(results.ids.length / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': control === 'next' ? t`Next page` : t`Previous page` })}
            />
          )}
          <Group justify="flex-end">
            {department && (
              <Button variant="light" onClick={() => onAddDepartment(department.id)}>
                <Trans>Add department {department.name}</Trans>
              </Button>
            )}
            <Button disabled={picked.size === 0} onClick={() => onAddUsers([...picked])}>
              <Trans>Add {picked.size} selected</Trans>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Modal>
  );
}
