/**
 * Support project list (/projects/supportProjects; internal users; platform spec section 2):
 * project name, project creation date, support request date, creator; an expanded row shows the
 * address, comment, the four links and close support (with confirmation).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportProjectEntry } from '../../api/index.ts';
import { Button } from '../../components/Button.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatDate, ProjectDetails, ProjectSearch, tableState } from './shared.tsx';
import './projects.css';

export const Component = observer(function SupportProjectList() {
  const { t, i18n } = useTranslation('projects');
  const store = useStores();
  const list = store.projects.supportProjects;
  const [closing, setClosing] = useState<SupportProjectEntry | undefined>(undefined);

  useEffect(() => {
    store.project.close();
    void list.load().catch(() => undefined);
  }, [store, list]);

  const columns: DataTableColumn<SupportProjectEntry>[] = [
    { id: 'name', header: t('list.name'), value: (row) => row.project.name },
    { id: 'projectCreationDate', header: t('support.projectCreationDate'), value: (row) => row.project.creationDate, render: (row) => formatDate(row.project.creationDate, i18n.language) },
    { id: 'creationDate', header: t('support.requestDate'), render: (row) => formatDate(row.creationDate, i18n.language) },
    { id: 'creator', header: t('list.creator'), value: (row) => row.project.creator?.name ?? '' },
  ];

  return (
    <section className="rp-projects rp-projects--support" aria-labelledby="support-title">
      <div>
        <div className="rp-projects__head">
          <h1 id="support-title">{t('support.title')}</h1>
        </div>
        <ProjectSearch list={list} />
        <DataTable
          caption={t('support.caption')}
          columns={columns}
          data={list.entries}
          getRowId={(row) => row.project.projectId}
          emptyMessage={t('support.empty')}
          {...tableState(list)}
          renderExpanded={(row) => (
            <>
              <ProjectDetails projectId={row.project.projectId} name={row.project.name} address={row.project.address} comment={row.project.comment} />
              <div className="rp-projects__buttons">
                <Button variant="secondary" onPress={() => setClosing(row)}>
                  {t('support.close')}
                </Button>
              </div>
            </>
          )}
        />
      </div>
      <ConfirmDialog
        isOpen={closing !== undefined}
        title={t('support.closeTitle')}
        text={<p>{t('support.closeText', { name: closing?.project.name ?? '' })}</p>}
        onConfirm={() => {
          const entry = closing;
          setClosing(undefined);
          if (entry !== undefined) void store.projects.setSupportState(entry.project.projectId, 'CLOSED', 'support');
        }}
        onCancel={() => setClosing(undefined)}
      />
    </section>
  );
});
