/**
 * The departments side of the address book dialog: a tree loaded level by level, and a search by
 * department name (spec §2 "Address-book and department search"). More than 500 matching
 * departments asks for narrower criteria and lists none (spec §5); a platform without the name
 * search says so and leaves the tree.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@protocol/validation';
import { DepartmentSearchNotOffered, type AddressBookSource, type DepartmentNode } from './addressBookSource';

export interface DepartmentPaneProps {
  source: AddressBookSource;
  /** the department whose members are listed */
  selected: DepartmentNode | null;
  onSelect: (department: DepartmentNode) => void;
}

type Found =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; name: string; departments: DepartmentNode[] }
  | { state: 'tooMany'; total: number }
  | { state: 'notOffered' }
  | { state: 'failed' };

export function DepartmentPane({ source, selected, onSelect }: DepartmentPaneProps) {
  const { t } = useLingui();
  const [roots, setRoots] = useState<DepartmentNode[] | null>(null);
  const [children, setChildren] = useState<Record<number, DepartmentNode[]>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [treeFailed, setTreeFailed] = useState(false);
  const [name, setName] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });

  useEffect(() => {
    source.topDepartments().then(setRoots, () => setTreeFailed(true));
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
          setTreeFailed(true);
        }
      }
    }
    setExpanded(next);
  };

  const search = async (text: string) => {
    if (!text) {
      setFound({ state: 'idle' });
      return;
    }
    setFound({ state: 'searching' });
    try {
      const r = await source.searchDepartments(text);
      setFound(r.tooMany ? { state: 'tooMany', total: r.total } : { state: 'found', name: text, departments: r.departments });
    } catch (error) {
      setFound({ state: error instanceof DepartmentSearchNotOffered ? 'notOffered' : 'failed' });
    }
  };

  const departmentButton = (d: DepartmentNode) => (
    <UnstyledButton
      aria-current={selected?.id === d.id ? 'true' : undefined}
      onClick={() => onSelect(d)}
      style={{ fontWeight: selected?.id === d.id ? 600 : undefined }}
    >
      {d.name}
    </UnstyledButton>
  );

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
          {departmentButton(d)}
        </Group>
        {expanded.has(d.id) && children[d.id] && <ul style={{ margin: 0, padding: 0 }}>{renderDeps(children[d.id], depth + 1)}</ul>}
      </li>
    ));

  const showingResults = found.state === 'found';
  return (
    <Stack gap="xs" w={260} style={{ flexShrink: 0 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void search(name.trim());
        }}
      >
        <Group gap={4} wrap="nowrap">
          <TextInput
            aria-label={t`Search departments`}
            placeholder={t`Department name`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" aria-label={t`Find departments`} loading={found.state === 'searching'}>
            <Trans>Find</Trans>
          </Button>
        </Group>
      </form>
      {found.state === 'tooMany' && (
        <Alert color="yellow" role="alert" data-testid="department-search-too-many" p="xs">
          <Trans>
            More than {LIMITS.searchResultCeiling} departments found ({found.total}): please narrow the search criteria
          </Trans>
        </Alert>
      )}
      {found.state === 'notOffered' && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Department search by name is not offered by this platform</Trans>
        </Text>
      )}
      {found.state === 'failed' && (
        <Alert color="red" role="alert" p="xs">
          <Trans>The address book could not be read</Trans>
        </Alert>
      )}
      {showingResults && (
        <Group justify="space-between" gap={4} wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="department-search-total">
            <Trans>{found.departments.length} departments found</Trans>
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => {
              setName('');
              setFound({ state: 'idle' });
            }}
          >
            <Trans>All departments</Trans>
          </Button>
        </Group>
      )}
      <ScrollArea h={showingResults || found.state === 'tooMany' ? 330 : 380} type="auto">
        <nav aria-label={showingResults ? t`Departments found` : t`Departments`}>
          {showingResults ? (
            <ul style={{ margin: 0, padding: 0 }}>
              {found.departments.map((d) => (
                <li key={d.id} style={{ listStyle: 'none' }}>
                  {departmentButton(d)}
                </li>
              ))}
            </ul>
          ) : roots === null && !treeFailed ? (
            <Loader size="sm" />
          ) : (
            <ul style={{ margin: 0, padding: 0 }}>{renderDeps(roots ?? [], 0)}</ul>
          )}
        </nav>
      </ScrollArea>
    </Stack>
  );
}
