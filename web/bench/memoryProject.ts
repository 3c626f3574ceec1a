/**
 * What the bench pages (latencyApp.tsx, configuratorApp.tsx) share: the generated bench project
 * kept in memory behind a ProjectRepository, and the api's answers for the signed-in user and the
 * project's data, so the real app runs without network.
 */
import type { NodeKind, WaterflowNode } from '@rainplan/engine';
import { saveInSpecOrder, type LoadedProject, type NodeToSave, type ProjectRepository } from '../src/dimensioning/repository.ts';
import { generateBenchProject } from './generateProject.ts';

export const PROJECT_ID = 'bench';
export const project = generateBenchProject();

/** The project's waterflow in memory: saves answer the node sent, nothing is stored. */
export class MemoryRepository implements ProjectRepository {
  readonly storage = 'browser' as const;
  async load(): Promise<LoadedProject> {
    return {
      shell: { id: PROJECT_ID, name: project.project.name, location: null, airPollution: 'L2', ruleEdition: 'DWA-A 138-1:2024', usesCustomRaindata: true },
      waterflow: project.waterflow,
      rainData: project.rainData ?? undefined,
      facilities: [],
    };
  }
  async createNode(_p: string, _k: NodeKind, name: string): Promise<WaterflowNode> {
    return { id: crypto.randomUUID(), name, data: {} } as WaterflowNode;
  }
  async saveNode(_p: string, _k: NodeKind, node: WaterflowNode) {
    return node;
  }
  saveChanged(p: string, nodes: readonly NodeToSave[]) {
    return saveInSpecOrder((k, n) => this.saveNode(p, k, n), nodes);
  }
  async deleteNode() {}
  async setRuleEdition() {}
  saveOnUnload() {}
}

/** `GET /api/User`: a signed-in user without organization. */
export const session = { token: 't', user: { id: 'u', formOfAddress: 'NONE', name: 'Bench', email: 'bench@example.com', company: null, zipCode: '', city: '', street: '', houseNumber: '', phoneNumber: null, organization: null, roles: [], isAdmin: false, isInternal: false, status: 'ACTIVE', lastLogin: null } };
/** `GET /api/Project/bench`: the project's data. */
export const detail = { id: PROJECT_ID, name: project.project.name, comment: null, location: null, airPollution: 'L2', clientData: null, usesCustomRaindata: true, ruleEdition: 'DWA-A 138-1:2024' };
