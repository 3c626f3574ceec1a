/**
 * Downloading a project as a rainplan project file and creating a project by opening one
 * (issue 7). Owns the api calls (components only call `download` / `open`); the "open" result
 * (errors with JSON paths) is observable for the error dialog.
 *
 * Creating on the server uses the spec's calls (there is no import call): POST /Project, custom
 * rain data (PUT …/customRaindata, before the nodes so they are derived with it), one POST per
 * node (the api chooses the ids), then one PUT per node with the ids remapped, in the order
 * surfaces, purifications, measures (so the api's derived surface lists equal the file's) and
 * without computed values (the api recomputes them); then the box configurations (POST with the
 * remapped measure id, PATCH of the settings, PUT of the items with `boxId` null so the api assigns
 * ids, PUT of the product list) and the measures' product lists. A failure deletes the half-created project.
 * KOSTRA rain data of a file are not uploaded: the api looks them up at the project's location.
 */
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { parseProject, serializeProject, type ParseError, type Project } from '@rainplan/engine';
import type { RootStore } from '../stores/RootStore.ts';
import type { WaterflowNode } from '../api/index.ts';
import {
  configurationSettings,
  creationBody,
  customRainData,
  newBoxItems,
  nodesInSaveOrder,
  projectFileName,
  remapWaterflow,
  serverRequirements,
  wireProductLines,
} from './projectFile.ts';
import { saveFile } from './saveFile.ts';
import { lazyStore } from '../stores/lazyStore.ts';

export const PROJECT_FILE_TYPE = 'application/json';

export type OpenStatus = 'idle' | 'reading' | 'creating' | 'invalid' | 'failed';

/** Where an opened file becomes a project: the server (default) or, in trial mode, the browser. Resolves to the new project's id. */
export type CreateProject = (project: Project) => Promise<string>;

export class ProjectFileStore {
  status: OpenStatus = 'idle';
  fileName: string | undefined = undefined;
  /** Why the file cannot be opened (status `invalid`), each with its JSON path. */
  errors: readonly ParseError[] = [];

  private readonly root: RootStore;

  constructor(root: RootStore) {
    this.root = root;
    makeObservable(this, { status: observable, fileName: observable, errors: observableRef, dismiss: action });
  }

  /** The project file of a server project. */
  async serverProjectFile(projectId: string, o: { readonly silent?: boolean } = {}): Promise<Project> {
    // the api's one project file of every document (the report, the mass lists, GAEB, a share
    // link's view): the download equals what the documents are made from
    const parsed = parseProject(await this.root.api.documents.projectFile(projectId, o));
    if (!parsed.ok) throw new Error(`the server's project file does not parse: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
    return parsed.project;
  }

  /** Downloads a project as `<name>.rainplan.json`; false if it could not be loaded (the api's notice says why). */
  async download(load: () => Promise<Project>): Promise<boolean> {
    let project: Project;
    try {
      project = await this.root.ui.withWait(load);
    } catch (error) {
      console.error('project file: project could not be loaded', error);
      return false;
    }
    saveFile(projectFileName(project.project.name), serializeProject(project), PROJECT_FILE_TYPE);
    return true;
  }

  /** Downloads a server project. */
  downloadServerProject(projectId: string): Promise<boolean> {
    return this.download(() => this.serverProjectFile(projectId));
  }

  /**
   * Reads a project file and creates a project from it (on the server unless `create` is given).
   * Resolves to the new project's id, or undefined (invalid file: `errors`; failed creation: a notice).
   */
  async open(file: File, create?: CreateProject): Promise<string | undefined> {
    runInAction(() => {
      this.status = 'reading';
      this.fileName = file.name;
      this.errors = [];
    });
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      console.error('project file could not be read', error);
      text = '';
    }
    const result = parseProject(text);
    const problems = result.ok ? (create === undefined ? serverRequirements(result.project) : []) : result.errors;
    if (!result.ok || problems.length > 0) {
      runInAction(() => {
        this.errors = problems;
        this.status = 'invalid';
      });
      return undefined;
    }
    runInAction(() => {
      this.status = 'creating';
    });
    try {
      const id = await this.root.ui.withWait(() => (create ?? ((p: Project) => this.createOnServer(p)))(result.project));
      runInAction(() => {
        this.status = 'idle';
      });
      return id;
    } catch (error) {
      console.error('project file: project could not be created', error);
      runInAction(() => {
        this.status = 'failed';
      });
      return undefined;
    }
  }

  /** Closes the error dialog. */
  dismiss(): void {
    this.status = 'idle';
    this.errors = [];
  }

  /** Creates a parsed project file on the server; resolves to the new id. */
  async createOnServer(project: Project): Promise<string> {
    const { api, i18n } = this.root;
    const id = await api.project.create(creationBody(project));
    try {
      const rain = customRainData(project);
      if (rain !== undefined) await api.project.setCustomRaindata(id, rain as never);
      const ids = new Map<string, string>();
      const versions = new Map<string, unknown>();
      const fallback = { surface: 'sealedSurface', purification: 'purification', measure: 'measure' } as const;
      const nameOf = (kind: keyof typeof fallback, name: string) => (name.trim() === '' ? i18n.t(`projectFile:defaultName.${fallback[kind]}`) : name.trim());
      const planned = nodesInSaveOrder(project.waterflow);
      for (const { kind, node } of planned) {
        const created = await api.waterflow.create(id, kind, nameOf(kind, node.name));
        ids.set(node.id, created.id);
        versions.set(created.id, created['version']);
      }
      const remapped = remapWaterflow(project.waterflow, (old) => ids.get(old) ?? old);
      for (const { kind, node } of nodesInSaveOrder(remapped)) {
        const body = { ...node, name: nameOf(kind, node.name), version: versions.get(node.id) } as unknown as WaterflowNode;
        await api.waterflow.save(id, kind, body);
      }
      const measureOf = (old: string | null | undefined) => (old === null || old === undefined ? null : (ids.get(old) ?? old));
      for (const configuration of project.boxConfigurations ?? []) {
        const created = await api.boxConfigurator.create({ projectId: id, measureId: measureOf(configuration.measureId), name: configuration.name });
        let version = Number(created['version']);
        const settings = configurationSettings(configuration);
        // a configuration made for a measure starts with the measure's block: the file's items
        // replace it, so clear it first (the api refuses a smaller grid under stored items)
        if (configuration.measureId != null && configuration.items !== undefined && settings.dimensioning !== undefined) {
          const cleared = await api.boxConfigurator.setBoxItems(created.id, { version, boxItems: [] });
          version = Number(cleared?.['version'] ?? version + 1);
        }
        if (Object.keys(settings).length > 0) {
          const updated = await api.boxConfigurator.update(created.id, { ...settings, version });
          version = Number(updated?.['version'] ?? version + 1);
        }
        if (configuration.items !== undefined) await api.boxConfigurator.setBoxItems(created.id, { version, boxItems: newBoxItems(configuration) });
        const lines = wireProductLines(configuration.additionalProducts);
        if (lines.length > 0) await api.boxConfigurator.setAdditionalProducts(created.id, lines);
      }
      for (const { measureId, products } of project.measureProducts ?? []) {
        const lines = wireProductLines(products);
        if (lines.length > 0) await api.project.setAdditionalProducts(id, ids.get(measureId) ?? measureId, lines);
      }
      return id;
    } catch (error) {
      await api.project.delete(id, { silent: true }).catch(() => undefined);
      throw error;
    }
  }
}

/** The project-file store of a root store (created on first use, so the engine's parser stays out of the login bundle). */
export const projectFileStore = lazyStore((root: RootStore) => new ProjectFileStore(root));
