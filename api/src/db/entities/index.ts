import { BoxCatalogue, BoxConfiguration, BoxConfigurationItems } from './box-configuration.ts';
import { CatalogueFacility, CatalogueProduct, MeasureProducts } from './catalogue.ts';
import { CatalogueVersion, ProjectCatalogueVersion } from './catalogue-version.ts';
import { OrganizationInvitation } from './invitation.ts';
import { OneTimeCode } from './one-time-code.ts';
import { Organization } from './organization.ts';
import { Project } from './project.ts';
import { RainCell, RainDataset } from './rain.ts';
import { RateCounter } from './rate-counter.ts';
import { Session } from './session.ts';
import { ShareLink } from './share-link.ts';
import { User } from './user.ts';
import { WaterflowNode } from './waterflow-node.ts';

/** Every entity of the api, for the ORM's configuration. */
export const ENTITIES = [User, Organization, Session, OneTimeCode, Project, WaterflowNode, RainDataset, RainCell, CatalogueFacility, CatalogueProduct, MeasureProducts, BoxConfiguration, BoxConfigurationItems, BoxCatalogue, CatalogueVersion, ProjectCatalogueVersion, OrganizationInvitation, RateCounter, ShareLink];
