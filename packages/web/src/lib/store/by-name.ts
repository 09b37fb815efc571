import { useMemo } from 'react';
import { useAppSelector } from './store';

const byName = <T extends { name: string }>(list: T[]): T[] =>
  list.sort((a, b) => a.name.localeCompare(b.name));

/** The channels the client holds, by name: the choices of a "where" filter. */
export function useGroupsByName() {
  const groups = useAppSelector((state) => state.groups.byId);
  return useMemo(() => byName(Object.values(groups)), [groups]);
}

/** The users the client holds, by name: the choices of a "from" filter. */
export function useUsersByName() {
  const users = useAppSelector((state) => state.users.byId);
  return useMemo(() => byName(Object.values(users)), [users]);
}
