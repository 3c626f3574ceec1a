/**
 * Project list (/projects/projects; platform spec section 2): the user's projects in a sortable,
 * server-paged table with search on the name, expandable rows (address, comment, the four links,
 * new version, delete, request / close support), a new-project button and an advertisement panel.
 * Opening the list closes any open project.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProjectSummary } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ConfirmDialog, DeleteDialog, ProgressDialog } from '../../components/Dialog.tsx';
import { config } from '../../config.ts';
import { mayChangeSupport, mayDeleteProject } from '../../stores/ProjectsStore.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatDate, ProjectDetails, ProjectSearch, tableState } from './shared.tsx';
import { OpenProjectFileButton } from '../../projectFile/ProjectFileButtons.tsx';
import { TrialProjectsNotice } from '../../trial/TrialProjectsNotice.tsx';
import './projects.css';

type Pending = { kind: 'delete' | 'support'; project: ProjectSummary } | undefined;

export const Component = observer(function ProjectList() {
  const { t, i18n } = useTranslation('projects');
  const store = useStores();
  const navigate = useNavigate();
  const list = store.projects.userProjects;
  const user = store.session.user;
  const [pending, setPending] = useState<Pending>(undefined);

  useEffect(() => {
    store.project.close();
    void list.load().catch(() => undefined);
  }, [store, list]);

  const columns: DataTableColumn<ProjectSummary>[] = [
    // the name opens the project (its project data), issue 14.4
    { id: 'name', header: t('list.name'), render: (row) => <Link to={`/project/${row.projectId}/projectData`} className="rp-projects__open">{row.name}</Link> },
    { id: 'creationDate', header: t('list.creationDate'), render: (row) => formatDate(row.creationDate, i18n.language) },
    { id: 'creator', header: t('list.creator'), value: (row) => row.creator?.name ?? '' },
  ];

  const clone = async (project: ProjectSummary) => {
    await store.projects.clone(project.projectId);
  };

  const confirmPending = async () => {
    const current = pending;
    setPending(undefined);
    if (current === undefined) return;
    if (current.kind === 'delete') await store.ui.withWait(() => store.projects.delete(current.project.projectId));
    else await store.projects.setSupportState(current.project.projectId, current.project.state === 'CLOSED' ? 'OPEN' : 'CLOSED');
  };

  return (
    <div className="rp-projects">
      <section aria-labelledby="projects-title">
        <div className="rp-projects__head">
          <h1 id="projects-title">{t('list.title')}</h1>
          <Button onPress={() => void navigate('/project/new')}>{t('list.newProject')}</Button>
          <OpenProjectFileButton />
        </div>
        <TrialProjectsNotice onMoved={() => void list.load().catch(() => undefined)} />
        <ProjectSearch list={list} />
        <DataTable
          caption={t('list.caption')}
          columns={columns}
          data={list.entries}
          getRowId={(row) => row.projectId}
          emptyMessage={list.query.searchString === '' ? t('list.empty') : t('list.noMatch')}
          {...tableState(list)}
          renderExpanded={(row) => (
            <>
              <ProjectDetails projectId={row.projectId} name={row.name} address={row.address} comment={row.comment} />
              <div className="rp-projects__buttons">
                <Button variant="secondary" isDisabled={user === undefined || store.projects.cloning !== undefined} onPress={() => void clone(row)}>
                  {t('list.newVersion')}
                </Button>
                {mayDeleteProject(row, user) && (
                  <Button variant="danger" onPress={() => setPending({ kind: 'delete', project: row })}>
                    {t('list.delete')}
                  </Button>
                )}
                {mayChangeSupport(row, user) && (
                  <Button variant="secondary" onPress={() => setPending({ kind: 'support', project: row })}>
                    {row.state === 'CLOSED' ? t('support.request') : t('support.close')}
                  </Button>
                )}
              </div>
            </>
          )}
        />
      </section>
      <aside className="rp-projects__ad" aria-labelledby="projects-ad">
        <h2 id="projects-ad">{t('ad.title')}</h2>
        <p>{t('ad.text')}</p>
        <a href={config.providerLinks.website} target="_blank" rel="noreferrer">
          {t('ad.link')}
        </a>
      </aside>
      <ProgressDialog isOpen={store.projects.cloning !== undefined} title={t('list.newVersion')} text={<p>{t('list.cloning')}</p>} />
      <DeleteDialog isOpen={pending?.kind === 'delete'} name={pending?.project.name ?? ''} onConfirm={() => void confirmPending()} onCancel={() => setPending(undefined)} />
      <ConfirmDialog
        isOpen={pending?.kind === 'support'}
        title={pending?.project.state === 'CLOSED' ? t('support.requestTitle') : t('support.closeTitle')}
        text={<p>{pending?.project.state === 'CLOSED' ? t('support.requestText', { name: pending.project.name }) : t('support.closeText', { name: pending?.project.name ?? '' })}</p>}
        onConfirm={() => void confirmPending()}
        onCancel={() => setPending(undefined)}
      />
    </div>
  );
});
