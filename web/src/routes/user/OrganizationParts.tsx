/**
 * Building blocks of the organization screens (account box, organization page, admin
 * organization detail): members table, create dialog, invite, rename and transfer forms. They
 * call the given OrganizationStore (the user's own, or the admin's) and render its observables.
 */
import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { InviteResult, Organization, PersonRef } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { FormBox } from '../../components/FormBox.tsx';
import { DataTable, type DataTableColumn, type SortingState } from '../../components/DataTable.tsx';
import { ActionDialog, ConfirmDialog } from '../../components/Dialog.tsx';
import { Select } from '../../components/Select.tsx';
import { TextField } from '../../components/TextField.tsx';
import type { OrganizationStore } from '../../stores/OrganizationStore.ts';
import { EMAIL_PATTERN } from '../auth/validation.ts';

/** Members: name and e-mail, sortable, one page-size option (10); optionally a remove action per member. */
/** The members table's one page size (platform spec sections 2 and 9: page 1, page size 10). */
const MEMBERS_PAGE_SIZE = 10;

export const MembersTable = observer(function MembersTable({ store, canRemove = false }: { store: OrganizationStore; canRemove?: boolean }) {
  const { t } = useTranslation('organization');
  const [removing, setRemoving] = useState<PersonRef | undefined>(undefined);
  const [pageSorting, setPageSorting] = useState<SortingState>([]);
  const organization = store.organization;
  const sortKey = pageSorting[0];
  const sortedPage =
    sortKey === undefined
      ? store.memberPage.entries
      : [...store.memberPage.entries].sort((a, b) => {
          const text = (member: PersonRef) => (sortKey.id === 'email' ? (member.email ?? '') : member.name);
          return (sortKey.desc ? -1 : 1) * text(a).localeCompare(text(b));
        });
  const columns: DataTableColumn<PersonRef>[] = [
    {
      id: 'name',
      header: t('members.name'),
      render: (member) => (
        <>
          {member.name}
          {member.id === organization?.owner.id && <span className="rp-form__note"> ({t('members.administrator')})</span>}
        </>
      ),
    },
    { id: 'email', header: t('members.email'), value: (member) => member.email ?? '' },
  ];
  if (canRemove)
    columns.push({
      id: 'actions',
      header: t('common:table.actions'),
      sortable: false,
      // the owner (administrator) cannot be removed (the server refuses it): no button on that row
      render: (member) =>
        member.id === organization?.owner.id ? null : (
          <Button variant="ghost" aria-label={t('members.removeLabel', { name: member.name })} onPress={() => setRemoving(member)}>
            {t('members.remove')}
          </Button>
        ),
    });
  return (
    <>
      {/* the server's page (GET /Organization/{id}/members, ordered by name; sorting orders the shown page); its list in the organization when that call failed */}
      {store.memberPageFailed || !store.memberPage.loaded ? (
        <DataTable<PersonRef>
          caption={t('members.caption')}
          columns={columns}
          data={organization?.members ?? []}
          getRowId={(member) => member.id}
          loading={store.loading && organization === undefined}
          pageSizes={[MEMBERS_PAGE_SIZE]}
        />
      ) : (
        <DataTable<PersonRef>
          caption={t('members.caption')}
          columns={columns}
          data={sortedPage}
          getRowId={(member) => member.id}
          totalCount={store.memberPage.totalCount}
          loading={store.memberPage.loading && !store.memberPage.loaded}
          pagination={{ pageIndex: store.memberPage.query.page - 1, pageSize: MEMBERS_PAGE_SIZE }}
          onPaginationChange={(next) => void store.loadMemberPage({ page: next.pageIndex + 1 })}
          sorting={pageSorting}
          onSortingChange={setPageSorting}
          pageSizes={[MEMBERS_PAGE_SIZE]}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('members.removeTitle')}
        text={<p>{t('members.removeText', { name: removing?.name ?? '' })}</p>}
        confirmLabel={t('members.remove')}
        danger
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          const member = removing;
          setRemoving(undefined);
          if (member !== undefined) void store.removeMember(member.id);
        }}
      />
    </>
  );
});

/**
 * The members summary: member count, administrator (with the address when `ownerEmail`) and the
 * founding date; `children` below it (e.g. the administrator's delete button).
 */
export function OrganizationSummary({ organization, ownerEmail = false, children }: { organization: Organization; ownerEmail?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation('organization');
  return (
    <section className="rp-box" aria-labelledby="members-summary-title">
      <h2 id="members-summary-title">{t('members.title')}</h2>
      <dl className="rp-dl">
        <dt>{t('members.count')}</dt>
        <dd>{organization.memberCount}</dd>
        <dt>{t('members.administrator')}</dt>
        <dd>
          {organization.owner.name}
          {ownerEmail && organization.owner.email !== undefined && ` (${organization.owner.email})`}
        </dd>
        <dt>{t('members.created')}</dt>
        <dd>{new Date(organization.creationDate).toLocaleDateString(i18n.language)}</dd>
      </dl>
      {children}
    </section>
  );
}

/** Create organization: one required name field, save and cancel; save disabled while invalid or submitting. */
export function CreateOrganizationDialog({ isOpen, onCreate, onClose }: { isOpen: boolean; onCreate: (name: string) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation('organization');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const blank = name.trim() === '';
  const close = () => {
    setName('');
    setTouched(false);
    onClose();
  };
  const submit = () => {
    if (blank || busy) return;
    setBusy(true);
    void onCreate(name).then((ok) => {
      setBusy(false);
      if (ok) close();
    });
  };
  return (
    <ActionDialog isOpen={isOpen} title={t('create.title')} onCancel={close} busy={busy} action={{ label: t('common:actions.save'), onPress: submit, isDisabled: blank }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('fields.name')}
          value={name}
          onChange={setName}
          onBlur={() => setTouched(true)}
          isRequired
          autoFocus
          validationBehavior="aria"
          isInvalid={touched && blank}
          errorMessage={t('auth:validation.required')}
        />
      </form>
    </ActionDialog>
  );
}

/** Splits a list of addresses (commas, semicolons, spaces, lines). */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const all = text.split(/[\s,;]+/).filter((part) => part !== '');
  return { valid: all.filter((email) => EMAIL_PATTERN.test(email)), invalid: all.filter((email) => !EMAIL_PATTERN.test(email)) };
}

function InviteAnswer({ result }: { result: InviteResult }) {
  const { t } = useTranslation('organization');
  return (
    <div role="status">
      <p>{t('invite.added', { count: result.addedMemberCount })}</p>
      {(result.nonExistingUsers.length > 0 || result.usersWithOrganizations.length > 0 || result.ignoredEmailCount > 0) && (
        <ul className="rp-invite-result">
          {result.nonExistingUsers.map((email) => (
            <li key={`n-${email}`}>{t('invite.nonExisting', { email })}</li>
          ))}
          {result.usersWithOrganizations.map((email) => (
            <li key={`o-${email}`}>{t('invite.withOrganization', { email })}</li>
          ))}
          {result.ignoredEmailCount > 0 && <li>{t('invite.ignored', { count: result.ignoredEmailCount })}</li>}
        </ul>
      )}
    </div>
  );
}

/** Invite by e-mail: a list of addresses; shows the answer (added, not users, in another organization). */
export function InviteForm({ store }: { store: OrganizationStore }) {
  const { t } = useTranslation('organization');
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<InviteResult | undefined>(undefined);
  const { valid, invalid } = parseEmails(text);
  const error = invalid.length > 0 ? t('invite.invalid', { emails: invalid.join(', ') }) : valid.length === 0 ? t('auth:validation.required') : undefined;
  return (
    <FormBox
      id="invite-title"
      title={t('invite.title')}
      onSubmit={() => {
        setTouched(true);
        if (error !== undefined || busy) return;
        setBusy(true);
        void store.invite(valid).then((answer) => {
          setBusy(false);
          if (answer !== undefined) {
            setResult(answer);
            setText('');
            setTouched(false);
          }
        });
      }}
      after={result !== undefined && <InviteAnswer result={result} />}
    >
      <TextField
        label={t('invite.emails')}
        description={t('invite.emailsHint')}
        multiline
        value={text}
        onChange={setText}
        onBlur={() => setTouched(true)}
        validationBehavior="aria"
        isInvalid={touched && error !== undefined}
        {...(error === undefined ? {} : { errorMessage: error })}
      />
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={busy || error !== undefined}>
          {t('invite.submit')}
        </Button>
      </div>
    </FormBox>
  );
}

/** Rename: the name is required; save disabled while unchanged, invalid or submitting. */
export const RenameForm = observer(function RenameForm({ store }: { store: OrganizationStore }) {
  const { t } = useTranslation('organization');
  const current = store.organization?.name ?? '';
  const [name, setName] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const value = name ?? current;
  const blank = value.trim() === '';
  const changed = value.trim() !== current;
  return (
    <FormBox
      id="rename-title"
      title={t('rename.title')}
      onSubmit={() => {
        if (blank || !changed || busy) return;
        setBusy(true);
        void store.rename(value).then((ok) => {
          setBusy(false);
          if (ok) setName(undefined);
        });
      }}
    >
      <TextField
        label={t('fields.name')}
        value={value}
        onChange={setName}
        isRequired
        validationBehavior="aria"
        isInvalid={blank}
        errorMessage={t('auth:validation.required')}
      />
      <div className="rp-form__actions">
        <Button type="submit" isDisabled={blank || !changed || busy}>
          {t('rename.submit')}
        </Button>
      </div>
    </FormBox>
  );
});

/** Transfer administration: candidates are the members except the owner; needs other members; with confirmation. */
export const TransferForm = observer(function TransferForm({ store, onTransferred }: { store: OrganizationStore; onTransferred?: () => void }) {
  const { t } = useTranslation('organization');
  const [newOwner, setNewOwner] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const candidates = store.transferCandidates;
  const chosen = candidates.find((member) => member.id === newOwner);
  return (
    <section className="rp-box" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t('transfer.title')}</h2>
      {candidates.length === 0 ? (
        <p className="rp-form__note">{t('transfer.needsMembers')}</p>
      ) : (
        <>
          <Select
            label={t('transfer.newOwner')}
            options={candidates.map((member) => ({ id: member.id, label: member.email === undefined ? member.name : `${member.name} (${member.email})` }))}
            value={chosen === undefined ? null : chosen.id}
            onChange={setNewOwner}
            isRequired
            placeholder={t('transfer.choose')}
          />
          <div className="rp-form__actions">
            <Button isDisabled={chosen === undefined} onPress={() => setConfirming(true)}>
              {t('transfer.submit')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={t('transfer.confirmTitle')}
        text={<p>{t('transfer.confirmText', { name: chosen?.name ?? '' })}</p>}
        confirmLabel={t('transfer.submit')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (chosen === undefined) return;
          void store.changeOwner(chosen.id).then((ok) => {
            if (ok) {
              setNewOwner(null);
              onTransferred?.();
            }
          });
        }}
      />
    </section>
  );
});
