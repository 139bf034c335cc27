import { describe, expect, it } from 'vitest';
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
      '/baseUrl: add baseUrl, the http(s) URL of the API with its /api/v1 prefix, e.g. https://staging.example.com/api/v1',
      '/extra: "extra" is not a field here; remove it, or use one of name, baseUrl, apiKeyHeader, load, salesChannels, tenants',
      '/load/maxRps: must be a whole number of requests per second, at least 1, e.g. 50',
    ]);
    expect(problemsOf([])).toEqual([
      '/: not a target file: it must be one JSON object with baseUrl, apiKeyHeader, load and tenants (see targets/staging.example.json)',
    ]);
    for (const problem of [...problemsOf(file), ...problemsOf({})])
      expect(problem).not.toMatch(/Expected|must have required|Unexpected property/);
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
