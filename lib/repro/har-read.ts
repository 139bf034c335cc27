/**
 * Reads a HAR file: JSON, validated against the HAR 1.2 JSON Schema (har-schema, with ajv), and
 * stripped of every credential before anything else sees it (lib/repro/har-secrets.ts). Problems
 * are one line naming the file and the place in it; a message never quotes a header value.
 */
import { readJsonFile } from '../adapters/node-json-file.ts';
import { Ajv, type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import schemas from 'har-schema';
import type { Har } from 'har-format';
import { HarnessError } from '../errors.ts';
import { stripSecrets, type StrippedHar } from './har-secrets.ts';
import { harAdvice } from './har-advice.ts';

let validator: ValidateFunction | undefined;

function harValidator(): ValidateFunction {
  if (validator) return validator;
  // har-schema is draft-06 and uses a few non-standard keywords ("optional", "min"): not strict.
  const ajv = new Ajv({ strict: false, validateFormats: false });
  ajv.addMetaSchema(draft06);
  for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema);
  validator = ajv.compile(schemas.har);
  return validator;
}

/** The first schema problem and what to do, e.g. `/log/entries/3/request has no url, ...`. */
function schemaProblem(json: unknown): string | null {
  const validate = harValidator();
  if (validate(json)) return null;
  const [first] = validate.errors ?? [];
  return first ? harAdvice(first) : 'it does not match the HAR 1.2 schema';
}

export async function readHarFile(path: string): Promise<StrippedHar> {
  const json = await readJsonFile(path, {
    what: 'HAR file',
    unreadable: 'check the path given to --har',
    notJson: "export it again from the browser's network panel",
  });
  const problem = schemaProblem(json);
  if (problem !== null) throw new HarnessError(`HAR file ${path}: ${problem}`);
  return stripSecrets(json as Har);
}
