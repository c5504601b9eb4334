import type { User } from '@qa/contracts';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  BarChart3,
  KeyRound,
  Pencil,
  ShieldCheck,
  Trash2,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';
import type { UserSort, UserSortKey } from '../utils/sort-users';

const COLUMNS: Array<{ key: UserSortKey; label: string }> = [
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'created_at', label: 'Created' },
  { key: 'last_login', label: 'Last Login' },
];

type UsersTableProps = {
  users: User[];
  sort: UserSort;
  onSort: (key: UserSortKey) => void;
  currentUserId: string | null;
  resettingEmail: string | null;
  onUsage: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onResetPassword: (user: User) => void;
};

export function UsersTable({ users, sort, onSort, currentUserId, ...rowProps }: UsersTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <UsersTableHead sort={sort} onSort={onSort} />
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <UserRow
              key={user.id ?? user.email}
              user={user}
              isSelf={currentUserId !== null && user.id === currentUserId}
              {...rowProps}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsersTableHead({ sort, onSort }: Pick<UsersTableProps, 'sort' | 'onSort'>) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium tracking-wide text-slate-500 uppercase">
      <tr>
        {COLUMNS.map((column) => {
          const active = sort.key === column.key;
          const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
          return (
            <th
              key={column.key}
              scope="col"
              className="px-4 py-2.5"
              aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                onClick={() => onSort(column.key)}
                className="-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-1 tracking-wide uppercase hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {column.label}
                <Icon
                  aria-hidden
                  className={active ? 'size-3.5 text-brand-600' : 'size-3.5 text-slate-300'}
                />
              </button>
            </th>
          );
        })}
        <th scope="col" className="px-4 py-2.5 text-right">
          Actions
        </th>
      </tr>
    </thead>
  );
}

type UserRowProps = Pick<
  UsersTableProps,
  'resettingEmail' | 'onUsage' | 'onEdit' | 'onDelete' | 'onResetPassword'
> & { user: User; isSelf: boolean };

function UserRow({ user, isSelf, ...actions }: UserRowProps) {
  return (
    <tr className="transition-colors hover:bg-slate-50/70" data-testid="user-row">
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all text-slate-900" data-testid="user-email">
            {user.email}
          </span>
          {isSelf ? <Badge tone="blue">You</Badge> : null}
          {user.is_protected ? (
            <Badge tone="amber" title="The first administrator account cannot be deleted">
              <ShieldCheck aria-hidden className="size-3" />
              Protected
            </Badge>
          ) : null}
        </div>
      </td>
      <td className="px-4 py-3">
        <Badge tone={user.role === 'admin' ? 'brand' : 'neutral'}>{user.role}</Badge>
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums">
        {formatDateTime(user.created_at)}
      </td>
      <td className="px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums">
        {user.last_login ? formatDateTime(user.last_login) : <span className="text-slate-600">Never</span>}
      </td>
      <td className="py-2 pr-3 pl-4">
        <UserActions user={user} {...actions} />
      </td>
    </tr>
  );
}

function UserActions({
  user,
  resettingEmail,
  onUsage,
  onEdit,
  onDelete,
  onResetPassword,
}: Omit<UserRowProps, 'isSelf'>) {
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button variant="ghost" size="sm" onClick={() => onUsage(user)}>
        <BarChart3 aria-hidden />
        Usage
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onEdit(user)}>
        <Pencil aria-hidden />
        Edit
      </Button>
      {!user.is_protected ? (
        <Button variant="danger-ghost" size="sm" onClick={() => onDelete(user)}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      ) : (
        // Keeps the columns of buttons aligned; the protected first admin has no Delete.
        <span aria-hidden className="invisible inline-flex h-8 items-center gap-1.5 px-2.5 text-xs">
          <Trash2 className="size-4" />
          Delete
        </span>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onResetPassword(user)}
        disabled={resettingEmail === user.email}
      >
        <KeyRound aria-hidden />
        {resettingEmail === user.email ? 'Sending...' : 'Reset Password'}
      </Button>
    </div>
  );
}
