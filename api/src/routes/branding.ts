/**
 * GET /api/Branding (public): the operator's branding for the web app — company, address, logo
 * (SVG text), the sales-contact directory (four regions) and the footer's links; `demo` true
 * when the contacts are invented (docs/branding.md, decision 0198).
 */
import type { ApiPlugin } from '../type-provider.ts';
import { Type } from 'typebox';
import { demoBranding } from '../branding.ts';

const Link = Type.Object({ label: Type.String(), url: Type.String() });
const Text = Type.Object({ de: Type.String(), en: Type.String() });

export const BrandingDto = Type.Object({
  company: Type.String(),
  address: Type.String(),
  logoSvg: Type.String({ description: 'the logo as SVG text' }),
  regions: Type.Array(Type.Object({ region: Type.String(), contacts: Type.Array(Type.Object({ name: Type.String(), role: Type.String(), phone: Type.String(), email: Type.String() })) }), { description: 'the sales-contact directory: four regional columns' }),
  links: Type.Object({
    news: Type.String(),
    downloads: Type.String(),
    priceList: Type.String(),
    technicalInformation: Type.String(),
    cadDrawings: Type.String(),
    tenderTextsDe: Type.String(),
    tenderTextsEn: Type.String(),
    country: Link,
    social: Type.Array(Link),
    appStores: Type.Array(Link),
    imprint: Type.String(),
    privacy: Type.String(),
    terms: Type.String(),
    contact: Type.String(),
    website: Type.String(),
  }),
  demo: Type.Boolean({ description: 'true: a demo branding whose contacts are invented' }),
  notice: Type.Union([Text, Type.Null()], { description: 'the note under the contact directory (the demo says its contacts are invented)' }),
});

const brandingRoutes: ApiPlugin = async (app) => {
  app.get(
    '',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: "The operator's branding: logo, sales contacts in four regions, the footer's links",
        description: 'Public. Read from BRANDING_DIR at start (validated; the demo branding without it). Cache-Control: public, max-age=300.',
        response: { 200: BrandingDto },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return (app.config.branding ?? demoBranding());
    },
  );
};

export default brandingRoutes;
