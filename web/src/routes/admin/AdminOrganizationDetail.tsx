/**
 * Admin organization detail (/admin/organizations/:organizationId): back button (previous path
 * or /admin/organizations), rename, invite, transfer administration, delete, member table.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { DeleteDialog } from '../../components/Dialog.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { InviteForm, MembersTable, OrganizationSummary, RenameForm, TransferForm } from '../user/OrganizationParts.tsx';
import { AdminTabs } from './AdminParts.tsx';
import { BackButton } from './BackButton.tsx';
import '../auth/auth.css';

export const Component = observer(function AdminOrganizationDetail() {
  const { admin, ui } = useStores();
  const store = admin.organization;
  const { t } = useTranslation('admin');
  const { t: to } = useTranslation('organization');
  const navigate = useNavigate();
  const { organizationId = '' } = useParams();
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    void store.load(organizationId);
  }, [store, organizationId]);

  const org = store.organization?.id === organizationId ? store.organization : undefined;
  return (
    <div>
      <div className="rp-page-head">
        <h1>{org === undefined ? t('organizations.detailTitle') : t('organizations.detailTitleWithName', { name: org.name })}</h1>
        <BackButton fallback="/admin/organizations" />
      </div>
      <AdminTabs />
      {org === undefined ? (
        store.failed ? (
          <p className="rp-form__alert">{t('organizations.loadFailed')}</p>
        ) : (
          <p role="status">{t('common:table.loading')}</p>
        )
      ) : (
        <div className="rp-organization">
          <div className="rp-organization__blocks">
            <OrganizationSummary organization={org} ownerEmail>
              <Button variant="danger" onPress={() => setDeleting(true)}>
                {to('delete.submit')}
              </Button>
            </OrganizationSummary>
            <RenameForm store={store} />
            <InviteForm store={store} />
            <TransferForm store={store} />
          </div>
          <section className="rp-box" aria-labelledby="members-title">
            <h2 id="members-title">{to('members.tableTitle')}</h2>
            <MembersTable store={store} canRemove />
          </section>
        </div>
      )}
      <DeleteDialog
        isOpen={deleting}
        name={org?.name ?? ''}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void ui.withWait(() => store.delete()).then((ok) => {
            if (ok) void navigate('/admin/organizations', { replace: true });
          });
        }}
      />
    </div>
  );
});
