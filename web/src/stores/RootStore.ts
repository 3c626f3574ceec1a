/**
 * The one root store: owns the API client and the domain stores. Screens reach it with
 * `useStores()` (StoreContext.tsx); route guards get it from createAppRouter(store).
 * Add a domain store as a readonly field here; a store that only some routes need is created on
 * first use with `lazyStore` (lazyStore.ts) instead, so its code loads with its route.
 */
import type { i18n as I18n } from 'i18next';
import { createApi, type Api } from '../api/index.ts';
import { AdminStore } from './AdminStore.ts';
import { InvitationStore } from './InvitationStore.ts';
import { NotificationStore, noticeOfFailedCall } from './NotificationStore.ts';
import { OrganizationStore } from './OrganizationStore.ts';
import { ProjectStore } from './ProjectStore.ts';
import { ProjectsStore } from './ProjectsStore.ts';
import { SessionStore } from './SessionStore.ts';
import { UiStore } from './UiStore.ts';
import { EngineBridge } from '../engine/client/EngineBridge.ts';
import { ServerProjectRepository } from '../dimensioning/repository.ts';
import { WaterflowStore } from '../dimensioning/WaterflowStore.ts';
import { ShareLinksStore } from '../share/ShareLinksStore.ts';
import { SharedViewStore } from '../share/SharedViewStore.ts';

export interface RootStoreOptions {
  readonly i18n: I18n;
  /** Replaces the API client (tests pass one over a fetch stub). */
  readonly api?: Api;
}

export class RootStore {
  readonly i18n: I18n;
  readonly notifications = new NotificationStore();
  readonly ui = new UiStore();
  readonly api: Api;
  readonly session: SessionStore;
  readonly projects: ProjectsStore;
  /** The open project's shell data: project detail, rain data, geocoding. */
  readonly project: ProjectStore;
  readonly organization: OrganizationStore;
  /** Organization invitations, received and (for owners) pending (decision 0070). */
  readonly invitations: InvitationStore;
  readonly admin: AdminStore;
  /** The open project's waterflow and results, the engine in a worker (issue 7). */
  readonly waterflow: WaterflowStore;
  /** The open project's read-only share links, as its owner manages them (issue 19.3). */
  readonly shareLinks: ShareLinksStore;
  /** The read-only view of a shared project (/share/{token}, no account). */
  readonly sharedView: SharedViewStore;

  constructor(options: RootStoreOptions) {
    this.i18n = options.i18n;
    this.api =
      options.api ??
      createApi({
        culture: () => this.i18n.language,
        onError: (error) => this.notifications.error(noticeOfFailedCall(error)),
      });
    this.session = new SessionStore(this.api, this.notifications);
    this.projects = new ProjectsStore(this.api, this.notifications);
    this.project = new ProjectStore(this.api, this.notifications, () => this.i18n.language);
    this.organization = new OrganizationStore(this.api, this.session, this.notifications);
    this.invitations = new InvitationStore(this.api, this.session, this.notifications);
    this.admin = new AdminStore(this.api, this.session, this.notifications);
    this.waterflow = new WaterflowStore({
      bridge: new EngineBridge(),
      notifications: this.notifications,
      repository: new ServerProjectRepository(this.api),
      newName: (kind, n) => this.i18n.t(`dimensioning:names.${kind}`, { n }),
      shellSource: this.project,
    });
    this.shareLinks = new ShareLinksStore(this.api);
    this.sharedView = new SharedViewStore(this.api, this.waterflow.bridge);
  }
}
