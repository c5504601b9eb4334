/**
 * /admin/users (user management): search, add, sortable table and the per-row actions
 * Usage, Edit, Delete (never for the protected account) and Reset Password.
 */
import type { User } from '@qa/contracts';
import { Search, Users as UsersIcon, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorAlert, SuccessAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { detailOr } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useTotalUsage } from '../api/get-user-usage';
import { useUsers } from '../api/get-users';
import { type OpenUserDialog, useUserActions } from '../hooks/use-user-actions';
import { filterUsersByEmail, nextSort, sortUsers, type UserSort } from '../utils/sort-users';
import { formatUsd } from '../utils/usage-format';
import { USER_MESSAGES } from '../utils/user-messages';
import { AddUserForm, type AddUserValues, INITIAL_ADD_USER_VALUES } from './add-user-form';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { UsageDialog } from './usage-dialog';
import { UsersTable } from './users-table';

export function UsersPage() {
  useDocumentTitle('Users');
  const { user: me } = useAuth();
  const users = useUsers();
  const totalUsage = useTotalUsage();

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<UserSort>({ key: 'email', direction: 'asc' });
  const [showAddForm, setShowAddForm] = useState(false);
  // Kept here rather than in the form so that closing and reopening the form keeps what was typed,
  // and the post-success reset (send_invite back to false) survives the form closing.
  const [addValues, setAddValues] = useState<AddUserValues>(INITIAL_ADD_USER_VALUES);
  const actions = useUserActions();

  const rows = useMemo(
    () => sortUsers(filterUsersByEmail(users.data ?? [], search), sort),
    [users.data, search, sort],
  );

  return (
    <div>
      <PageHeader
        title="User Management"
        description="Add and manage who can sign in, their roles and their usage costs."
        actions={
          <Button
            variant={showAddForm ? 'outline' : 'primary'}
            onClick={() => setShowAddForm((v) => !v)}
            aria-expanded={showAddForm}
          >
            {showAddForm ? 'Cancel' : '+ Add User'}
          </Button>
        }
      />

      {users.data ? <UsersSummary users={users.data} totalUsage={totalUsage} /> : null}

      {showAddForm ? (
        <AddUserForm
          values={addValues}
          onChange={setAddValues}
          onAdded={(email) => {
            setShowAddForm(false);
            actions.showNotice(`User ${email} added.`);
          }}
        />
      ) : null}

      {actions.notice ? <SuccessAlert className="mb-4">{actions.notice}</SuccessAlert> : null}
      {actions.error ? <ErrorAlert className="mb-4">{actions.error}</ErrorAlert> : null}

      <Card className="overflow-hidden">
        <UsersSearchBar
          search={search}
          onSearch={setSearch}
          counts={users.data ? { shown: rows.length, total: users.data.length } : null}
        />

        {users.isPending ? (
          <div className="flex items-center justify-center gap-3 py-16 text-sm text-slate-500">
            <Spinner label="Loading users" />
            Loading users...
          </div>
        ) : users.isError ? (
          <div className="p-4">
            <ErrorAlert>{detailOr(users.error, USER_MESSAGES.loadFailed)}</ErrorAlert>
          </div>
        ) : rows.length === 0 ? (
          <NoUsers search={search.trim()} />
        ) : (
          <UsersTable
            users={rows}
            sort={sort}
            onSort={(key) => setSort((current) => nextSort(current, key))}
            currentUserId={me?.id ?? null}
            resettingEmail={actions.resettingEmail}
            onUsage={(user) => actions.openDialog('usage', user)}
            onEdit={(user) => actions.openDialog('edit', user)}
            onDelete={(user) => actions.openDialog('delete', user)}
            onResetPassword={actions.resetPassword}
          />
        )}
      </Card>

      <UserDialog dialog={actions.dialog} onClose={actions.closeDialog} onDone={actions.finishDialog} />
    </div>
  );
}

/** The three figures above the table: users, administrators and everyone's usage cost. */
function UsersSummary({
  users,
  totalUsage,
}: {
  users: User[];
  totalUsage: ReturnType<typeof useTotalUsage>;
}) {
  const admins = users.filter((u) => u.role === 'admin').length;
  return (
    <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
      <SummaryStat label="Users" value={String(users.length)} />
      <SummaryStat label="Administrators" value={String(admins)} />
      <SummaryStat
        label="Total usage"
        value={totalUsage.data ? formatUsd(totalUsage.data.total_cost_usd) : totalUsage.isError ? '—' : '…'}
      />
    </dl>
  );
}

function SummaryStat({ label, value }: { label: string; value: string }) {
  return (
    <Card className="px-5 py-4">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </Card>
  );
}

/** The e-mail search with its clear button, and how many users it shows out of how many. */
function UsersSearchBar({
  search,
  onSearch,
  counts,
}: {
  search: string;
  onSearch: (search: string) => void;
  counts: { shown: number; total: number } | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
      <div className="relative w-full max-w-sm">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search by email"
          placeholder="Search by email..."
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        {search ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onSearch('')}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden className="size-4" />
          </button>
        ) : null}
      </div>
      {counts ? (
        <p className="ml-auto text-xs text-slate-500">
          {search.trim() ? `${counts.shown} of ${counts.total} users` : `${counts.total} users`}
        </p>
      ) : null}
    </div>
  );
}

/** The empty table: no users at all, or none whose e-mail matches the (trimmed) search. */
function NoUsers({ search }: { search: string }) {
  return (
    <EmptyState
      icon={UsersIcon}
      title={USER_MESSAGES.empty}
      detail={search ? <>No e-mail address matches “{search}”.</> : null}
      className="px-6 py-14"
      titleClassName="text-sm"
    />
  );
}

/** The open per-user dialog, if any; `onDone` receives the notice to show once it has saved or deleted. */
function UserDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: OpenUserDialog;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  if (dialog?.kind === 'edit') {
    return (
      <EditUserDialog
        user={dialog.user}
        id={dialog.id}
        onClose={onClose}
        onSaved={(email) => onDone(`User ${email} updated.`)}
      />
    );
  }
  if (dialog?.kind === 'delete') {
    return (
      <DeleteUserDialog
        user={dialog.user}
        id={dialog.id}
        onClose={onClose}
        onDeleted={(email) => onDone(`User ${email} deleted.`)}
      />
    );
  }
  if (dialog?.kind === 'usage') {
    return <UsageDialog id={dialog.id} email={dialog.user.email} onClose={onClose} />;
  }
  return null;
}
