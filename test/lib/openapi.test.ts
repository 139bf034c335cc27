import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ENDPOINT_INFO, ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { API_VERSION_LABEL, OPENAPI_FILE, openApiDocument, openApiJson } from '../../lib/contract/openapi.ts';
import { errorBodyProblems, pageProblems } from '../../lib/contract/validate.ts';
import { emptyPage, invalidErrors, invalidMenuPages, validErrors, validMenuPage } from './examples.ts';

describe('OpenAPI document', () => {
  it('should be valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('should be what the repo keeps in spec/openapi.json, text for text', () => {
    const kept = readFileSync(OPENAPI_FILE, 'utf8');
    expect(kept, `${OPENAPI_FILE} drifted from lib/contract: run npm run build and commit it`).toBe(
      openApiJson(),
    );
  });

  it('should carry the spec facts: version label, security schemes, operations, errors', () => {
    const doc = openApiDocument();
    expect(doc.info.version).toBe(API_VERSION_LABEL);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerApiKey', 'serviceApiKey']);
    const operations = Object.values(doc.paths).map((path) => path.get.operationId);
    expect(operations).toEqual(['listPublicMenuItems', 'listPublicOrders']);
    for (const path of Object.values(doc.paths))
      expect(Object.keys(path.get.responses)).toEqual(['200', '400', '401', '403', '404', '429']);
    const limit = doc.paths['/public/menu/items']?.get.parameters.find((p) => p.name === 'limit');
    expect(limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
  });

  it('should link each 200 page to the next one: its cursor, the same limit and filters', () => {
    const doc = openApiDocument();
    for (const endpoint of ENDPOINTS) {
      const info = ENDPOINT_INFO[endpoint];
      const link = doc.paths[info.path]?.get.responses['200'].links.nextPage;
      expect(link?.operationId).toBe(info.operationId);
      expect(link?.parameters).toEqual({
        cursor: '$response.body#/pagination/nextPageToken',
        limit: '$request.query.limit',
        ...Object.fromEntries(info.filters.map((name) => [name, `$request.query.${name}`])),
      });
      // Every parameter a link sets is one the target operation declares.
      const declared = doc.paths[info.path]?.get.parameters.map((parameter) => parameter.name);
      const linked: string[] = Object.keys(link?.parameters ?? {});
      for (const name of linked) expect(declared).toContain(name);
    }
  });

  it("should cap data at 100 records and keep the spec's open parts open", () => {
    const { schemas } = openApiDocument().components;
    for (const page of [schemas.MenuItemsPage, schemas.OrdersPage])
      expect(page).toMatchObject({ properties: { data: { type: 'array', maxItems: 100 } } });
    expect(schemas.MenuItem).toMatchObject({ additionalProperties: true });
    expect(schemas.Order).toMatchObject({ additionalProperties: true });
    const salesChannel = openApiDocument().paths['/public/menu/items']?.get.parameters.find(
      (parameter) => parameter.name === 'salesChannel',
    );
    expect(salesChannel?.schema).toEqual({});
  });

  it('should give every error response the Error shape, and the 429 its Retry-After header', () => {
    for (const path of Object.values(openApiDocument().paths)) {
      const { '200': page, ...errors } = path.get.responses;
      expect(page.content['application/json'].schema).not.toEqual({ $ref: '#/components/schemas/Error' });
      for (const response of Object.values(errors))
        expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      expect(path.get.responses['429'].headers['Retry-After']).toMatchObject({ required: false });
    }
  });

  it('should name the API-key header as the deployment brands it, and still be valid', async () => {
    const doc = openApiDocument({ apiKeyHeader: 'X-Brand-Api-Key' });
    expect(doc.components.securitySchemes.serviceApiKey.name).toBe('X-Brand-Api-Key');
    expect(openApiDocument().components.securitySchemes.serviceApiKey.name).toBe('X-Service-Api-Key');
    expect((await new Validator().validate(doc)).valid).toBe(true);
  });

  // The validators are derived from the same schemas; this proves a general JSON Schema validator
  // reading the document reaches the same verdict on every example.
  it('should agree with the validators on every example', () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas = openApiDocument().components.schemas;
    const pageValid = ajv.compile(schemas.MenuItemsPage);
    const errorValid = ajv.compile(schemas.Error);
    for (const body of [validMenuPage, emptyPage, ...Object.values(invalidMenuPages)])
      expect(pageValid(body)).toBe(pageProblems('menuItems', body).length === 0);
    for (const body of [...validErrors, ...Object.values(invalidErrors)])
      expect(errorValid(body)).toBe(errorBodyProblems(body).length === 0);
  });
});
