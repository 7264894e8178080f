/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document, openapi-document.ts) and `GET /api/docs`,
 * an API reference page rendered in the browser by Scalar (@scalar/api-reference), whose script
 * we serve ourselves: nothing is loaded from a CDN, and the page's only scripts are files of ours,
 * so the site's Content-Security-Policy (`script-src 'self'`) holds. Open in development and
 * production alike.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../lib/app-env';
import { z } from 'zod';
import { apiRouter, defineRoute, jsonContent } from '../../lib/openapi';
import { openApiDocument } from './openapi-document';

const require = createRequire(import.meta.url);
let scalarBundle: string | null = null;
/** Scalar's standalone browser bundle, read once. */
function scalarScript(): string {
  scalarBundle ??= fs.readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8');
  return scalarBundle;
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Tampa Same-Day Handyman</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="/api/docs/scalar.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

const START = `Scalar.createApiReference('#api-reference', { url: '/api/openapi.json', withDefaultFonts: false, hideClientButton: true });`;

const TAGS = ['API reference'];
const script = { description: 'A script of the reference page', content: { 'text/javascript': { schema: { type: 'string' as const } } } };

const documentRoute = defineRoute({
  method: 'get',
  path: '/openapi.json',
  access: 'anonymous',
  tags: TAGS,
  summary: 'This document: the OpenAPI 3.1 description of every route',
  responses: { 200: jsonContent(z.record(z.string(), z.unknown()), 'The OpenAPI document') },
});

const pageRoute = defineRoute({
  method: 'get',
  path: '/docs',
  access: 'anonymous',
  tags: TAGS,
  summary: 'The API reference page',
  responses: { 200: { description: 'An HTML page rendering this document', content: { 'text/html': { schema: { type: 'string' as const } } } } },
});

const scalarRoute = defineRoute({ method: 'get', path: '/docs/scalar.js', access: 'anonymous', tags: TAGS, summary: "The reference page's renderer (Scalar)", responses: { 200: script } });
const startRoute = defineRoute({ method: 'get', path: '/docs/start.js', access: 'anonymous', tags: TAGS, summary: 'Starts the renderer on this document', responses: { 200: script } });

/** @param app the whole app, whose declared routes make the document */
export function docsRoutes(app: OpenAPIHono<AppEnv>) {
  return apiRouter()
    .openapi(documentRoute, async (c) => c.json(await openApiDocument(app, c.var.deps.auth, c.var.deps.config.publicUrl), 200))
    .openapi(pageRoute, (c) => c.html(PAGE, 200))
    .openapi(scalarRoute, (c) => c.body(scalarScript(), 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }))
    .openapi(startRoute, (c) => c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
}
