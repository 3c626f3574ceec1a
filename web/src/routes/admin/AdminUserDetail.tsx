/**
 * Admin user detail (/admin/users/:userId): personal data form, change password (disabled for
 * another user), delete account (that user's projects go to chosen users first), roles as
 * checkboxes (PUT /Admin/{id}/roles), the user's projects (optionally with organization projects),
 * each of which the administrator may transfer to another user or delete (platform spec section 6).
 */
import { useCallback, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { ProjectSummary, RoleName, User } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { Checkbox } from '../../components/Checkbox.tsx';
import { DeleteDialog } from '../../components/Dialog.tsx';
import { DataTable, type DataTableColumn, type SortingState } from '../../components/DataTable.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { toUserUpdate } from '../auth/validation.ts';
import { ChangePasswordBox } from '../user/ChangePasswordBox.tsx';
import { DeleteAccountDialog } from '../user/DeleteAccountDialog.tsx';
import { PersonalDataBox } from '../user/PersonalDataBox.tsx';
import { AdminTabs } from './AdminParts.tsx';
import { BackButton } from './BackButton.tsx';
import { TransferProjectDialog } from './TransferProjectDialog.tsx';
import '../auth/auth.css';

const ROLES: readonly RoleName[] = ['Administrator', 'analyst', 'internal'];

const RolesForm = observer(function RolesForm({ user }: { user: User }) {
  const { admin } = useStores();
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('account');
  const [roles, setRoles] = useState<readonly RoleName[]>(user.roles);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRoles(user.roles), [user]);
  const changed = roles.length !== user.roles.length || roles.some((role) => !user.roles.includes(role));
  return (
    <section className="rp-box" aria-labelledby="roles-title">
      <h2 id="roles-title">{ta('roles.title')}</h2>
      <div role="group" aria-labelledby="roles-title">
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            isSelected={roles.includes(role)}
            onChange={(selected) => setRoles((old) => (selected ? [...old.filter((r) => r !== role), role] : old.filter((r) => r !== role)))}
          >
            {ta(`roles.names.${role}`)}
          </Checkbox>
        ))}
      </div>
      <div className="rp-form__actions">
        <Button
          isDisabled={!changed || busy}
          onPress={() => {
            setBusy(true);
            void admin.setRoles(user.id, ROLES.filter((role) => roles.includes(role))).finally(() => setBusy(false));
          }}
        >
          {t('users.saveRoles')}
        </Button>
      </div>
    </section>
  );
});

const UserProjects = observer(function UserProjects({ userId }: { userId: string }) {
  const { admin, ui } = useStores();
  const { t, i18n } = useTranslation('admin');
  const list = admin.userProjects;
  const [transferring, setTransferring] = useState<ProjectSummary | undefined>(undefined);
  const [deleting, setDeleting] = useState<ProjectSummary | undefined>(undefined);
  const loadCandidates = useCallback(() => admin.loadTransferCandidates(userId), [admin, userId]);
  const columns: DataTableColumn<ProjectSummary>[] = [
    { id: 'name', header: t('projects.name') },
    { id: 'creationDate', header: t('projects.creationDate'), render: (p) => new Date(p.creationDate).toLocaleDateString(i18n.language) },
    { id: 'creator', header: t('projects.creator'), value: (p) => p.creator?.name ?? '' },
    { id: 'owner', header: t('projects.owner'), value: (p) => p.owner?.name ?? '' },
    { id: 'address', header: t('projects.address'), sortable: false },
    {
      id: 'actions',
      header: t('projects.actions'),
      sortable: false,
      value: () => '',
      render: (p) => (
        <span className="rp-table__actions">
          <Button variant="secondary" aria-label={t('projects.transferLabel', { name: p.name })} onPress={() => setTransferring(p)}>
            {t('projects.transfer')}
          </Button>
          <Button variant="danger" aria-label={t('projects.deleteLabel', { name: p.name })} onPress={() => setDeleting(p)}>
            {t('projects.delete')}
          </Button>
        </span>
      ),
    },
  ];
  const sorting: SortingState = [{ id: list.query.sortByColumn, desc: !list.query.sortAscending }];
  return (
    <section className="rp-box rp-account__full" aria-labelledby="projects-title">
      <h2 id="projects-title">{t('projects.title')}</h2>
      <Checkbox isSelected={admin.includeOrgProjects} onChange={(value) => void admin.setIncludeOrgProjects(value)}>
        {t('projects.includeOrgProjects')}
      </Checkbox>
      <DataTable<ProjectSummary>
        caption={t('projects.title')}
        columns={columns}
        data={list.entries}
        getRowId={(p) => p.projectId}
        totalCount={list.totalCount}
        loading={list.loading && !list.loaded}
        pagination={{ pageIndex: list.query.page - 1, pageSize: list.query.pageSize }}
        onPaginationChange={(next) => void list.setQuery({ page: next.pageIndex + 1, pageSize: next.pageSize }).catch(() => undefined)}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          void list.setQuery(first === undefined ? { sortAscending: !list.query.sortAscending } : { sortByColumn: first.id, sortAscending: !first.desc }).catch(() => undefined);
        }}
      />
      <TransferProjectDialog
        project={transferring}
        loadCandidates={loadCandidates}
        onClose={() => setTransferring(undefined)}
        onTransfer={(projectId, newOwnerId) => ui.withWait(() => admin.transferProjects(userId, [{ projectId, userId: newOwnerId }]))}
      />
      <DeleteDialog
        isOpen={deleting !== undefined}
        name={deleting?.name ?? ''}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const project = deleting;
          setDeleting(undefined);
          if (project !== undefined) void ui.withWait(() => admin.deleteProject(project.projectId));
        }}
      />
    </section>
  );
});

export const Component = observer(function AdminUserDetail() {
  const { admin, session, ui } = useStores();
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('account');
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const [deleting, setDeleting] = useState(false);
  const loadPlan = useCallback(() => admin.loadDeletionPlan(userId), [admin, userId]);

  useEffect(() => {
    void admin.loadUser(userId);
  }, [admin, userId]);

  const user = admin.user?.id === userId ? admin.user : undefined;
  const isSelf = userId === session.user?.id;
  return (
    <div>
      <div className="rp-page-head">
        <h1>{user === undefined ? t('users.detailTitle') : t('users.detailTitleWithName', { name: user.name })}</h1>
        <BackButton fallback="/admin/users" />
      </div>
      <AdminTabs />
      {user === undefined ? (
        admin.userFailed ? (
          <p className="rp-form__alert">{t('users.loadFailed')}</p>
        ) : (
          <p role="status">{t('common:table.loading')}</p>
        )
      ) : (
        <div className="rp-account">
          <PersonalDataBox user={user} note={t('users.emailNote')} onSave={(data) => ui.withWait(() => admin.saveUser(user.id, toUserUpdate(data)))} />
          <div>
            <RolesForm user={user} />
            <ChangePasswordBox
              isDisabled={!isSelf}
              disabledNote={t('users.passwordDisabled')}
              onChange={async (data) => {
                const ok = await ui.withWait(() => session.changePassword(data));
                if (ok) void navigate('/', { replace: true });
                return ok;
              }}
            />
            <section className="rp-box" aria-labelledby="delete-title">
              <h2 id="delete-title">{ta('delete.title')}</h2>
              <p>{t('users.deleteText')}</p>
              <Button variant="danger" onPress={() => setDeleting(true)}>
                {ta('delete.open')}
              </Button>
            </section>
          </div>
          <UserProjects userId={user.id} />
        </div>
      )}
      <DeleteAccountDialog
        isOpen={deleting}
        userName={user?.name ?? ''}
        loadPlan={loadPlan}
        onClose={() => setDeleting(false)}
        onDelete={async (transfers) => {
          const ok = await ui.withWait(() => admin.deleteUser(userId, transfers));
          if (ok) void navigate(isSelf ? '/' : '/admin/users', { replace: true });
          return ok;
        }}
      />
    </div>
  );
});
