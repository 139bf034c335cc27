import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { API_VERSION_LABEL, openApiDocument } from '../../lib/contract/openapi.ts';
import { errorBodyProblems, pageProblems } from '../../lib/contract/validate.ts';
import { emptyPage, invalidErrors, invalidMenuPages, validErrors, validMenuPage } from './examples.ts';

describe('OpenAPI document', () => {
  it('should be valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(openApiDocument());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
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
