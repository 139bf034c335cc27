import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { requiredFields } from '../../lib/target/advice.ts';
import { resolveTarget } from '../../lib/target/target.ts';
import { isLoopbackUrl, loadRefusal } from '../../lib/target/loopback.ts';

const validFile = () => ({
  name: 'staging',
  baseUrl: 'https://staging.example.com/api/v1',
  apiKeyHeader: 'X-Brand-Api-Key',
  load: { allowed: false, maxRps: 50 },
  tenants: [
    {
      name: 'a',
      quiescent: true,
      locations: ['l1'],
      keys: { full: { env: 'KEY_A' }, revoked: { value: 'rv' } },
    },
    { name: 'b', quiescent: false, keys: {} },
  ],
});

const problemsOf = (json: unknown, env: Record<string, string> = { KEY_A: 'secret-a' }) => {
  const result = resolveTarget(json, env);
  return result.ok ? [] : result.problems;
};

describe('target files', () => {
  it('should resolve keys from the environment and from values, and default optional lists', () => {
    const result = resolveTarget(validFile(), { KEY_A: 'secret-a' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.target.tenants[0]?.keys).toEqual({ full: 'secret-a', revoked: 'rv' });
    expect(result.target.tenants[1]).toMatchObject({ locations: [], categories: [], keys: {} });
  });

  it('should name the place and the problem for each mistake', () => {
    const file = validFile() as Record<string, unknown>;
    delete file.apiKeyHeader;
    file.baseUrl = 'staging.example.com';
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(/^\/apiKeyHeader: /),
      expect.stringMatching(/^\/baseUrl: /),
    ]);
  });

  it("should say what to do, in the file's words, never in the validator's", () => {
    const file = validFile() as Record<string, unknown>;
    delete file.baseUrl;
    file.extra = true;
    (file.load as Record<string, unknown>).maxRps = 0;
    expect(problemsOf(file)).toEqual([
      '/baseUrl: add baseUrl, a required field: the http(s) URL of the API with its /api/v1 prefix, e.g. https://staging.example.com/api/v1',
      '/extra: "extra" is not a field here; remove it, or use one of name, baseUrl, apiKeyHeader, load, salesChannels, tenants (required: baseUrl, apiKeyHeader, load, tenants)',
      '/load/maxRps: must be a whole number of requests per second, at least 1, e.g. 50',
    ]);
    expect(problemsOf([])).toEqual([
      '/: not a target file: it must be one JSON object with the required fields baseUrl, apiKeyHeader, load and tenants (see targets/staging.example.json)',
    ]);
    for (const problem of [...problemsOf(file), ...problemsOf({})])
      expect(problem).not.toMatch(/Expected|must have required|Unexpected property/);
  });

  it.each([
    ['/', 'baseUrl'],
    ['/', 'apiKeyHeader'],
    ['/', 'load'],
    ['/', 'tenants'],
    ['/load', 'allowed'],
    ['/load', 'maxRps'],
    ['/tenants/0', 'name'],
    ['/tenants/0', 'quiescent'],
    ['/tenants/0', 'keys'],
  ])('should say, under %s, that %s is required when it is missing', (place, field) => {
    const file = validFile() as Record<string, unknown>;
    const parent = place
      .split('/')
      .filter(Boolean)
      .reduce((at: Record<string, unknown>, part) => at[part] as Record<string, unknown>, file);
    delete parent[field];
    const at = `${place === '/' ? '' : place}/${field}`;
    expect(problemsOf(file)).toEqual([
      expect.stringMatching(new RegExp(`^${at}: add ${field}, a required field: `)),
    ]);
  });

  it('should list as required exactly what the schema requires, and what the README table marks required', () => {
    expect(requiredFields('/')).toEqual(['baseUrl', 'apiKeyHeader', 'load', 'tenants']);
    expect(requiredFields('/load')).toEqual(['allowed', 'maxRps']);
    expect(requiredFields('/tenants/*')).toEqual(['name', 'quiescent', 'keys']);
    const readme = readFileSync('README.md', 'utf8');
    const rows = readme
      .slice(readme.indexOf('| field '))
      .split('\n')
      .slice(2)
      .filter((line, index, lines) => lines.slice(0, index + 1).every((row) => row.startsWith('|')));
    const marked = rows.flatMap((row) => {
      const [, fields = '', required = ''] = row.split('|').map((cell) => cell.trim());
      return [...fields.matchAll(/`([^`]+)`/g)].map((match) => [match[1] ?? '', required] as const);
    });
    const placeAndName = (field: string): [string, string] => {
      const parts = field.replace('[]', '.*').split('.');
      return [`/${parts.slice(0, -1).join('/')}`, parts.at(-1) ?? ''];
    };
    expect(marked.length).toBeGreaterThanOrEqual(12);
    for (const [field, required] of marked) {
      const [place, name] = placeAndName(field);
      expect(required, field).toBe(requiredFields(place).includes(name) ? 'yes' : 'no');
    }
    const listed = new Set(marked.map(([field]) => field));
    for (const place of ['/', '/load', '/tenants/*'])
      for (const name of requiredFields(place)) {
        const field = `${place.slice(1).replace('/*', '[]').replace('/', '.')}${place === '/' ? '' : '.'}${name}`;
        // An object's row may name its fields instead (`load.allowed`, `load.maxRps`).
        expect(listed.has(field) || [...listed].some((row) => row.startsWith(`${field}.`)), field).toBe(true);
      }
  });

  it('should refuse a key whose environment variable is not set, naming the variable', () => {
    expect(problemsOf(validFile(), {})).toEqual([
      '/tenants/0/keys/full: environment variable KEY_A is not set or empty',
    ]);
  });

  it('should refuse unknown roles, bad key sources and duplicate tenant names', () => {
    const file = validFile();
    (file.tenants[1] as Record<string, unknown>).keys = { owner: { value: 'x' } };
    expect(problemsOf(file)[0]).toMatch(/^\/tenants\/1\/keys/);
    const twice = validFile();
    twice.tenants[1]!.name = 'a';
    expect(problemsOf(twice)).toEqual(['/tenants: tenant name "a" is used twice']);
  });

  it('should allow load to loopback, and elsewhere only with load.allowed', () => {
    expect(isLoopbackUrl('http://127.0.0.1:8080/api/v1')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:8080/api/v1')).toBe(true);
    expect(isLoopbackUrl('http://10.0.0.1/api/v1')).toBe(false);
    const result = resolveTarget(validFile(), { KEY_A: 'k' });
    if (!result.ok) throw new Error('fixture should be valid');
    expect(loadRefusal(result.target)).toMatch(/load\.allowed/);
    expect(loadRefusal({ ...result.target, load: { allowed: true, maxRps: 5 } })).toBeNull();
  });
});
