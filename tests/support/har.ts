/**
 * HAR 1.2 files checked against the HAR schemas of `har-schema` (the schemas behind the HAR validators the
 * ecosystem uses; HAR 1.2 has not changed since), with Ajv: a file the engine writes must be one that
 * browsers' developer tools and proxies can read.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import HAR_SCHEMAS from 'har-schema';

const ajv = new Ajv({allErrors: true, strict: false});
ajv.addMetaSchema(draft06);
addFormats(ajv);
for (const schema of Object.values(HAR_SCHEMAS)) ajv.addSchema(schema);
const validate = ajv.getSchema('har.json#')!;

/** The problems of a HAR file, each as `<path>: <message>`; [] when it is valid. */
export function harProblems(har: unknown): string[] {
  if (validate(har)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
}

export type HarEntry = {
  request: {method: string; url: string; postData?: {text: string}};
  response: {status: number; headers: {name: string; value: string}[]; content: {text?: string}};
};

export const harHeader = (entry: HarEntry, name: string) =>
  entry.response.headers.find((h) => h.name.toLowerCase() === name)?.value;
