import { useId, useState } from 'react';
import { useAdminUsers } from '../../api/get-users';
import type { AdminUser } from '../../types';
import { SearchBox } from '../filters';

/** Single-user upload: find the user by name or e-mail and choose them from the first 20 matches. */
export function UserPicker({ selected, onSelect }: { selected: AdminUser | null; onSelect: (user: AdminUser | null) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const { data, isLoading } = useAdminUsers(1, search, 'all');
  const users = data?.users ?? [];
  // The chosen user stays a choice even when the search no longer finds them.
  const options = selected && !users.some((user) => user.id === selected.id) ? [selected, ...users] : users;
  return (
    <div className="space-y-2">
      <SearchBox label="Find user" placeholder="Name or email" onSearch={setSearch} />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium text-slate-600">
          User
        </label>
        <select
          id={id}
          value={selected?.id ?? ''}
          onChange={(event) => onSelect(options.find((user) => user.id === event.target.value) ?? null)}
          className="block w-full rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none"
        >
          <option value="">{isLoading ? 'Loading users…' : 'Select a user'}</option>
          {options.map((user) => (
            <option key={user.id} value={user.id}>
              {user.name} ({user.email})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
