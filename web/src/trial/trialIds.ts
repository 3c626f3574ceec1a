/**
 * Trial projects (kept in this browser) have ids starting with `trial-`; their screens live under
 * `/trial/{projectId}/…` (the same sub-routes as `/project/{projectId}/…`). Dimensioning code that
 * builds paths uses {@link projectBasePath} so that links stay in the trial.
 */
export const TRIAL_ID_PREFIX = 'trial-';

export const isTrialProjectId = (id: string | undefined): boolean => id !== undefined && id.startsWith(TRIAL_ID_PREFIX);

export const newTrialProjectId = (randomId: () => string = () => crypto.randomUUID()): string => `${TRIAL_ID_PREFIX}${randomId()}`;

/** `/trial/{id}` for trial projects, else `/project/{id}`. */
export const projectBasePath = (projectId: string): string => (isTrialProjectId(projectId) ? `/trial/${projectId}` : `/project/${projectId}`);
