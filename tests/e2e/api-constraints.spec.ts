/**
 * The page /api and llms-full.txt state the same constraints for every field. The expectations come from
 * a walk of api/synkronus.yaml itself (not of the API model both are made from): every component schema
 * and its fields at any depth, every parameter of every operation, and every request and response body
 * with its fields. For each, every keyword the description sets (type, format, enum, default, minimum,
 * maximum and their exclusive forms, multipleOf, lengths, pattern, item and property counts, uniqueItems,
 * required, nullable, readOnly, writeOnly, deprecated, oneOf/anyOf/allOf, items, additionalProperties, a
 * reference) must be stated where that field is, on the server-rendered page and in the text, in the words both
 * take from src/api/model/constraints.ts. A rendering that drops a keyword fails here, naming the field and the
 * missing words.
 */
import {load, type CheerioAPI} from 'cheerio';
import {test, expect} from '../support/fixtures';
import {loadApiDescription} from '../support/api-description';
import {listOperations, refName, resolveRef, type Schema} from '../../src/api/openapi';
import {operationAnchor, schemaAnchor} from '../../src/api/anchors';
import {API_ROUTE} from '../../site.constants';

const doc = loadApiDescription();

/** A value as the page writes it (a string as it is, anything else as JSON). */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** What one keyword of a field must read as: on the page, and in llms-full.txt (backticks dropped). */
type Statement = {keyword: string; page: string; text: string};

/** The label of a part of oneOf/anyOf/allOf or of an array's items: a component's name, else its type. */
const partLabel = (schema: Schema) => (schema.$ref ? refName(schema.$ref) : (schema.type ?? ''));

/** Every keyword a schema sets, as the page and the text state it. */
function statements(schema: Schema, required?: boolean): Statement[] {
  const out: Statement[] = [];
  const say = (keyword: string, page: string, text = page) => out.push({keyword, page, text});
  if (required) say('required', 'required');
  if (schema.$ref) {
    say('$ref', refName(schema.$ref));
    return out;
  }
  if (schema.type === 'array') say('type', 'array of', 'array of');
  else if (schema.type) say('type', schema.type);
  if (schema.items) say('items', `array of ${partLabel(schema.items)}`);
  if (schema.format) say('format', `(${schema.format})`);
  if (schema.enum) say('enum', `allowed values ${schema.enum.map(valueText).join(', ')}`);
  if (schema.default !== undefined) say('default', `default ${valueText(schema.default)}`);
  if (schema.minimum !== undefined)
    say('minimum', `${schema.exclusiveMinimum ? 'greater than' : 'minimum'} ${schema.minimum}`);
  if (schema.maximum !== undefined)
    say('maximum', `${schema.exclusiveMaximum ? 'less than' : 'maximum'} ${schema.maximum}`);
  if (schema.multipleOf !== undefined) say('multipleOf', `multiple of ${schema.multipleOf}`);
  if (schema.minLength !== undefined) say('minLength', `minimum length ${schema.minLength}`);
  if (schema.maxLength !== undefined) say('maxLength', `maximum length ${schema.maxLength}`);
  if (schema.pattern !== undefined) say('pattern', `pattern ${schema.pattern}`);
  if (schema.minItems !== undefined) say('minItems', `minimum items ${schema.minItems}`);
  if (schema.maxItems !== undefined) say('maxItems', `maximum items ${schema.maxItems}`);
  if (schema.uniqueItems) say('uniqueItems', 'items unique');
  if (schema.minProperties !== undefined) say('minProperties', `minimum properties ${schema.minProperties}`);
  if (schema.maxProperties !== undefined) say('maxProperties', `maximum properties ${schema.maxProperties}`);
  if (schema.nullable) say('nullable', 'nullable', 'or null');
  if (schema.readOnly) say('readOnly', 'read-only');
  if (schema.writeOnly) say('writeOnly', 'write-only');
  if (schema.deprecated) say('deprecated', 'deprecated');
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    const parts = schema[keyword];
    if (!parts) continue;
    const labels = parts.map(partLabel);
    const join = keyword === 'allOf' ? ' and ' : ' or ';
    const words = {oneOf: 'one of', anyOf: 'any of', allOf: 'all of'}[keyword];
    // An allOf of one part is shown as that part.
    say(
      keyword,
      parts.length === 1 && keyword === 'allOf' ? labels[0] : `${words} ${labels.join(join)}`,
      labels.join(join),
    );
  }
  if (schema.additionalProperties === true)
    say('additionalProperties', 'Any other field is allowed.', 'any other property allowed');
  else if (schema.additionalProperties) say('additionalProperties', 'other fields');
  return out;
}

/** Where a field is: a schema's section or an operation's, and the names of the fields that lead to it. */
type Field = {where: string; anchor: string; path: string[]; parameterIn?: string; statements: Statement[]};

/** The fields inside a schema (its properties at any depth, through items, allOf parts and alternatives). */
function fieldsOf(schema: Schema, where: string, anchor: string, path: string[]): Field[] {
  if (schema.$ref) return [];
  const fields: Field[] = [];
  if (schema.items) fields.push(...fieldsOf(schema.items, where, anchor, path));
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
    fields.push(...fieldsOf(part, where, anchor, path));
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = [...path, name];
    fields.push({
      where: `${where} field ${at.join('.')}`,
      anchor,
      path: at,
      statements: statements(property, required.has(name)),
    });
    fields.push(...fieldsOf(property, where, anchor, at));
  }
  if (schema.additionalProperties && schema.additionalProperties !== true) {
    const at = [...path, 'other fields'];
    fields.push({
      where: `${where} other fields`,
      anchor,
      path: at,
      statements: statements(schema.additionalProperties),
    });
    fields.push(...fieldsOf(schema.additionalProperties, where, anchor, at));
  }
  return fields;
}

const FIELDS: Field[] = [];
for (const [name, schema] of Object.entries(doc.components.schemas)) {
  const where = `schema ${name}`;
  FIELDS.push({where, anchor: schemaAnchor(name), path: [], statements: statements(schema)});
  FIELDS.push(...fieldsOf(schema, where, schemaAnchor(name), []));
}
for (const op of listOperations(doc)) {
  const anchor = operationAnchor({...op, operationId: op.operation.operationId});
  const where = `${op.method.toUpperCase()} ${op.path}`;
  for (const parameter of op.parameters) {
    FIELDS.push({
      where: `${where} parameter ${parameter.name}`,
      anchor,
      path: [parameter.name],
      parameterIn: parameter.in,
      statements: statements(parameter.schema ?? {}, parameter.required),
    });
  }
  const bodies = [
    ...(op.operation.requestBody ? [['request body', resolveRef(doc, op.operation.requestBody).content] as const] : []),
    ...Object.entries(op.operation.responses).map(
      ([status, response]) => [`response ${status}`, resolveRef(doc, response).content ?? {}] as const,
    ),
  ];
  for (const [what, content] of bodies) {
    for (const [mediaType, media] of Object.entries(content)) {
      if (!media.schema) continue;
      const at = `${where} ${what} ${mediaType}`;
      FIELDS.push({where: at, anchor, path: [], statements: statements(media.schema)});
      FIELDS.push(...fieldsOf(media.schema, at, anchor, []));
    }
  }
}

const squash = (text: string) =>
  text
    .replace(/\u200b/g, '')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The statements of `field` that `own` (the text the field states itself) lacks, as "keyword (words)". */
const missing = (field: Field, own: string, side: 'page' | 'text') =>
  field.statements.filter((s) => !own.includes(s[side])).map((s) => `${s.keyword} ("${s[side]}")`);

/** The fewest statements any of the candidate places lacks: [] when one of them states them all. */
function bestOf(field: Field, owns: string[], side: 'page' | 'text'): string[] {
  if (owns.length === 0) return ['the field itself: not found'];
  return owns.map((own) => missing(field, own, side)).reduce((a, b) => (b.length < a.length ? b : a));
}

/** A place on the parsed page: a section or a field's item. */
type Place = ReturnType<ReturnType<CheerioAPI>['closest']>;
/** One element of the parsed page. */
type Node = Place[number];

test.describe('/api and llms-full.txt state the same constraints for every field of the description', () => {
  let $: CheerioAPI;
  let text: string;
  test.beforeAll(async ({request}) => {
    const page = await request.get(API_ROUTE);
    expect(page.status()).toBe(200);
    $ = load(await page.text());
    const full = await request.get('/llms-full.txt');
    expect(full.status()).toBe(200);
    text = await full.text();
  });

  test('the walk finds the fields and keywords it checks', () => {
    const keywords = new Set(FIELDS.flatMap((field) => field.statements.map((s) => s.keyword)));
    // The description sets these today; a walk that found none of them would check nothing.
    for (const keyword of [
      'type',
      'format',
      'enum',
      'default',
      'minimum',
      'maximum',
      'pattern',
      'required',
      'nullable',
    ])
      expect(keywords, `the walk found no ${keyword}`).toContain(keyword);
    expect(FIELDS.length).toBeGreaterThan(100);
  });

  test('the page states every keyword of every field where the field is', () => {
    /** A field's item: an <li> whose first child's first element is the field's name in <code>. */
    const nameOf = (li: Node) => {
      const head = $(li).children().first();
      return head.is('div') ? head.children('code').first().text() : undefined;
    };
    const isField = (li: Node) => nameOf(li) !== undefined && nameOf(li) !== '';
    /** The text an element states itself: without the fields nested in it. */
    const ownText = (element: Place) => {
      const copy = element.clone();
      copy
        .find('li')
        .filter((_, li) => isField(li))
        .remove();
      return squash(copy.text());
    };
    /** The field items directly inside `scope` (no other field item between them). */
    const childFields = (scope: Place, name: string): Place[] =>
      scope
        .find('li')
        .filter((_, li) => isField(li) && nameOf(li) === name)
        .filter((_, li) => {
          const outer = $(li)
            .parents('li')
            .filter((__, parent) => isField(parent))
            .first();
          return outer.length === 0 || scope.is(outer) || !$.contains(scope.get(0)!, outer.get(0)!);
        })
        .toArray()
        .map((li) => $(li));
    const problems: string[] = [];
    for (const field of FIELDS) {
      const section = $('[id]')
        .filter((_, element) => $(element).attr('id') === field.anchor)
        .closest('section');
      let places: Place[] = [section];
      for (const name of field.path) places = places.flatMap((place) => childFields(place, name));
      if (field.parameterIn)
        places = places.filter((place) => squash(place.text()).includes(`in ${field.parameterIn}`));
      const lacks = bestOf(field, places.map(ownText), 'page');
      if (lacks.length) problems.push(`${field.where}: ${lacks.join(', ')}`);
    }
    expect(problems, `/api does not state (${problems.length})`).toEqual([]);
  });

  test('llms-full.txt states every keyword of every field where the field is', () => {
    const lines = text.slice(text.indexOf('\n# Synkronus API reference') + 1).split('\n');
    /** A field's line: "- `name` (facts)…" or "- other fields (facts)", at some indent. */
    const fieldLine = /^( *)- (?:`([^`]+)`|(other fields)) \(/;
    const indentOf = (line: string) => /^ */.exec(line)![0].length;
    const problems: string[] = [];
    for (const field of FIELDS) {
      const reference = lines.findIndex((line) => line.startsWith('Reference: ') && line.endsWith(`#${field.anchor}`));
      const typeLine = lines.findIndex((line) => /^Type: /.test(line) && line.endsWith(`#${field.anchor}`));
      const at = reference >= 0 ? reference : typeLine;
      if (at < 0) {
        problems.push(`${field.where}: no section links #${field.anchor}`);
        continue;
      }
      let start = at;
      while (start > 0 && !lines[start].startsWith('### ')) start--;
      let end = at + 1;
      while (end < lines.length && !/^#{1,3} /.test(lines[end])) end++;
      let owns: string[];
      if (field.path.length === 0) {
        owns = [
          squash(
            lines
              .slice(start, end)
              .filter((line) => !fieldLine.test(line))
              .join(' '),
          ),
        ];
      } else {
        /** The field line that line `index` is nested in (through body and alternative lines), or -1. */
        const parentOf = (index: number) => {
          let indent = indentOf(lines[index]);
          for (let j = index - 1; j >= start; j--) {
            const line = lines[j];
            if (line.trim() === '' || indentOf(line) >= indent) continue;
            if (fieldLine.test(line)) return j;
            if (indentOf(line) === 0) return -1;
            indent = indentOf(line);
          }
          return -1;
        };
        let found: number[] = [-1];
        for (const name of field.path) {
          const parents = new Set(found);
          found = [];
          for (let index = start; index < end; index++) {
            const match = fieldLine.exec(lines[index]);
            if (match && (match[2] ?? match[3]) === name && parents.has(parentOf(index))) found.push(index);
          }
        }
        if (field.parameterIn) found = found.filter((index) => lines[index].includes(`(${field.parameterIn}, `));
        owns = found.map((index) => squash(lines[index]));
      }
      const lacks = bestOf(field, owns, 'text');
      if (lacks.length) problems.push(`${field.where}: ${lacks.join(', ')}`);
    }
    expect(problems, `llms-full.txt does not state (${problems.length})`).toEqual([]);
  });
});
