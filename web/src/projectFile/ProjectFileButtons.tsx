/**
 * Hooks for other screens (one-line placements):
 * - `<DownloadProjectFileButton projectId={id} />` in the project header / project data screen;
 * - `<OpenProjectFileButton />` on the project list / new-project screen: reads a rainplan project
 *   file, creates the project and opens its dimensioning; an unreadable file shows a dialog that
 *   lists every problem with its JSON path.
 * Both take an optional `load` / `create` for trial mode (the project kept in the browser).
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileTrigger } from 'react-aria-components';
import type { Project } from '@rainplan/engine';
import { Button } from '../components/Button.tsx';
import { AppDialog } from '../components/Dialog.tsx';
import { useStores } from '../stores/StoreContext.tsx';
import { projectFileStore, type CreateProject } from './ProjectFileStore.ts';

export interface DownloadProjectFileButtonProps {
  /** A server project … */
  readonly projectId?: string;
  /** … or any other source of the file (trial mode). */
  readonly load?: () => Promise<Project>;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

export function DownloadProjectFileButton({ projectId, load, variant = 'secondary' }: DownloadProjectFileButtonProps) {
  const { t } = useTranslation('projectFile');
  const root = useStores();
  const store = projectFileStore(root);
  return (
    <Button
      variant={variant}
      isDisabled={projectId === undefined && load === undefined}
      onPress={() => {
        if (load !== undefined) void store.download(load);
        else if (projectId !== undefined) void store.downloadServerProject(projectId);
      }}
    >
      {t('download')}
    </Button>
  );
}

export interface OpenProjectFileButtonProps {
  /** Where the project is created (default: the server). */
  readonly create?: CreateProject;
  /** Where to go with the new id (default: its dimensioning on the server). */
  readonly pathOf?: (id: string) => string;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

export const OpenProjectFileButton = observer(function OpenProjectFileButton({ create, pathOf, variant = 'secondary' }: OpenProjectFileButtonProps) {
  const { t } = useTranslation('projectFile');
  const root = useStores();
  const store = projectFileStore(root);
  const navigate = useNavigate();
  const onSelect = async (file: File) => {
    const id = await store.open(file, create);
    if (id !== undefined) {
      root.notifications.success('projectFile:opened');
      await navigate(pathOf === undefined ? `/project/${id}/dimensioning` : pathOf(id));
    } else if (store.status === 'failed') {
      root.notifications.error({ message: 'projectFile:createFailed' });
    }
  };
  return (
    <>
      <FileTrigger
        acceptedFileTypes={['.json', 'application/json']}
        onSelect={(files) => {
          const file = files?.[0];
          if (file !== undefined) void onSelect(file);
        }}
      >
        <Button variant={variant}>{t('open')}</Button>
      </FileTrigger>
      <AppDialog
        isOpen={store.status === 'invalid'}
        title={t('invalidTitle')}
        onClose={() => store.dismiss()}
        role="alertdialog"
        actions={<Button onPress={() => store.dismiss()}>{t('common:actions.close')}</Button>}
      >
        <p>{t('invalidText', { fileName: store.fileName ?? '' })}</p>
        <ul className="rp-file-errors">
          {store.errors.map((error, i) => (
            <li key={`${error.path}-${i}`}>
              <code>{error.path}</code>: {t(`errorCode.${error.code}`)} – {t('expected', { expected: error.expected })}
              {error.received === undefined ? '' : ` ${t('received', { received: error.received })}`}
            </li>
          ))}
        </ul>
      </AppDialog>
    </>
  );
});
