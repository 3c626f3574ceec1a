/** Admin users list (/admin/users?page&perPage): name, e-mail, roles (icon for administrators), edit and delete. */
import { useCallback, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { DeleteAccountDialog } from '../user/DeleteAccountDialog.tsx';
import { AdminTabs, useListQuery, usePageFollows } from './AdminParts.tsx';
import '../auth/auth.css';

export function RolesCell({ user }: { user: User }) {
  const { t } = useTranslation('account');
  return (
    <>
      {user.isAdmin && (
        <span className="rp-icon-admin" role="img" aria-label={t('roles.names.Administrator')} title={t('roles.names.Administrator')}>
          ★{' '}
        </span>
      )}
      {user.roles.filter((role) => role !== 'Administrator').map((role) => t(`roles.names.${role}`, { defaultValue: role })).join(', ')}
    </>
  );
}

export const Component = observer(function AdminUsers() {
  const { admin, session, ui } = useStores();
  const { t } = useTranslation('admin');
  const list = admin.users;
  const table = useListQuery(list);
  usePageFollows(list);
  const [deleting, setDeleting] = useState<User | undefined>(undefined);
  const deletingId = deleting?.id;
  const loadPlan = useCallback(() => (deletingId === undefined ? Promise.resolve(undefined) : admin.loadDeletionPlan(deletingId)), [admin, deletingId]);

  const columns: DataTableColumn<User>[] = [
    { id: 'name', header: t('users.name') },
    { id: 'email', header: t('users.email') },
    { id: 'roles', header: t('users.roles'), sortable: false, render: (user) => <RolesCell user={user} /> },
    {
      id: 'actions',
      header: t('common:table.actions'),
      sortable: false,
      render: (user) => (
        <span className="rp-table__actions">
          <Link to={`/admin/users/${encodeURIComponent(user.id)}`} aria-label={t('users.editLabel', { name: user.name })}>
            {t('common:actions.edit')}
          </Link>{' '}
          <Button variant="ghost" aria-label={t('users.deleteLabel', { name: user.name })} onPress={() => setDeleting(user)} isDisabled={user.id === session.user?.id}>
            {t('common:actions.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div>
      <div className="rp-page-head">
        <h1>{t('users.title')}</h1>
      </div>
      <AdminTabs />
      <DataTable<User> caption={t('users.title')} columns={columns} data={list.entries} getRowId={(user) => user.id} {...table} />
      <DeleteAccountDialog
        isOpen={deleting !== undefined}
        userName={deleting?.name ?? ''}
        loadPlan={loadPlan}
        onClose={() => setDeleting(undefined)}
        onDelete={(transfers) => (deletingId === undefined ? Promise.resolve(false) : ui.withWait(() => admin.deleteUser(deletingId, transfers)))}
      />
    </div>
  );
});
