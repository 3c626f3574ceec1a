/** Admin organizations list (/admin/organizations?page&perPage): name, owner, memberCount, creationDate, edit and remove. */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Organization } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { DeleteDialog } from '../../components/Dialog.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { AdminTabs, useListQuery, usePageFollows } from './AdminParts.tsx';
import '../auth/auth.css';

export const Component = observer(function AdminOrganizations() {
  const { admin, ui } = useStores();
  const { t, i18n } = useTranslation('admin');
  const list = admin.organizations;
  const table = useListQuery(list);
  usePageFollows(list);
  const [removing, setRemoving] = useState<Organization | undefined>(undefined);

  const columns: DataTableColumn<Organization>[] = [
    { id: 'name', header: t('organizations.name') },
    { id: 'owner', header: t('organizations.owner'), value: (org) => org.owner.name },
    { id: 'memberCount', header: t('organizations.memberCount') },
    { id: 'creationDate', header: t('organizations.creationDate'), render: (org) => new Date(org.creationDate).toLocaleDateString(i18n.language) },
    {
      id: 'actions',
      header: t('common:table.actions'),
      sortable: false,
      render: (org) => (
        <span className="rp-table__actions">
          <Link to={`/admin/organizations/${encodeURIComponent(org.id)}`} aria-label={t('organizations.editLabel', { name: org.name })}>
            {t('common:actions.edit')}
          </Link>{' '}
          <Button variant="ghost" aria-label={t('organizations.removeLabel', { name: org.name })} onPress={() => setRemoving(org)}>
            {t('organizations.remove')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div>
      <div className="rp-page-head">
        <h1>{t('organizations.title')}</h1>
      </div>
      <AdminTabs />
      <DataTable<Organization> caption={t('organizations.title')} columns={columns} data={list.entries} getRowId={(org) => org.id} {...table} />
      <DeleteDialog
        isOpen={removing !== undefined}
        name={removing?.name ?? ''}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const org = removing;
          setRemoving(undefined);
          if (org !== undefined) void ui.withWait(() => admin.deleteOrganization(org.id));
        }}
      />
    </div>
  );
});
