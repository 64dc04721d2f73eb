/**
 * Adds participants from the address book (spec §2, §5): departments browsed as a tree or found by
 * name, a search over users (more than 500 results asks for narrower criteria), results paged by
 * 50 with each user's online status (`usrs/get_usr_online_status/`), and adding either the picked
 * users or a whole department.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Pagination, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkSearchResultCount } from '@protocol/fieldValidation';
import type { AddressBookSource, DepartmentNode, UserEntry } from './addressBookSource';
import { DepartmentPane } from './DepartmentPane';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';

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
  // sent while the connection is lost, it would only be held: the button waits, and says why
  const lost = useConnectionLost();
  const [department, setDepartment] = useState<DepartmentNode | null>(null);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [page, setPage] = useState(1);
  const [users, setUsers] = useState<UserEntry[]>([]);
  // online status of the listed users; a user missing from it is shown without one
  const [online, setOnline] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

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
    setOnline(new Map());
    // a failed status read leaves the users listed without one
    source.onlineStatus(ids).then(
      (status) => live && setOnline(status),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [results, page, source]);

  const tooMany = results ? checkSearchResultCount(results.total) === 'search.tooMany' || results.tooMany : false;

  return (
    <Modal opened onClose={onClose} size="xl" title={t`Add from address book`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <DepartmentPane
          source={source}
          selected={department}
          onSelect={(d) => {
            setDepartment(d);
            void run({ keyword: '', depId: d.id }, d.name);
          }}
        />
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
                data-autofocus
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
            {/* room on the right for the scrollbar, which would cover the status */}
            <Stack gap={2} role="list" aria-label={t`Users`} pr="md">
              {users.map((u) => {
                const status = online.get(u.id);
                return (
                  <Group role="listitem" key={u.id} data-usr-id={u.id} justify="space-between" wrap="nowrap" gap="xs">
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
                    {status !== undefined && (
                      <Text size="xs" c="dimmed" data-testid="online-status" data-online={status ? 1 : 0} style={{ whiteSpace: 'nowrap' }}>
                        {status ? t`● Online` : t`○ Offline`}
                      </Text>
                    )}
                  </Group>
                );
              })}
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
          <ConnectionLostReason lost={lost} />
          <Group justify="flex-end">
            {department && (
              <Button variant="light" disabled={lost} onClick={() => onAddDepartment(department.id)}>
                <Trans>Add department {department.name}</Trans>
              </Button>
            )}
            <Button disabled={picked.size === 0 || lost} onClick={() => onAddUsers([...picked])}>
              <Trans>Add {picked.size} selected</Trans>
            </Button>
          </Group>
        </Stack>
      </Group>
    </Modal>
  );
}
