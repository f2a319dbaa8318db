import fs from 'node:fs';
import path from 'node:path';

/** HubSpot's published OpenAPI files, as published (copied unchanged into the repository so a clean clone has them). */
export const HUBSPOT_OPENAPI_DIR = path.join(import.meta.dirname, 'hubspot-openapi');

type Schema = {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
};
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema>; responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };
};
type Operation = { doc: Doc; template: RegExp; method: string; path: string };

/**
 * Checks answers against the response schemas of HubSpot's OpenAPI files: the operation is found
 * by method and path (`{param}` matches one segment), the schema by status (else `default`).
 * Covers the parts of JSON Schema those files use: $ref, type, required, properties, items, enum,
 * oneOf/anyOf/allOf, nullable, date-time strings.
 */
export function createOpenApiChecker(dir = HUBSPOT_OPENAPI_DIR) {
  const operations: Operation[] = [];
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Doc;
    for (const [p, ops] of Object.entries(doc.paths)) {
      const template = new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
      for (const method of Object.keys(ops)) operations.push({ doc, template, method: method.toUpperCase(), path: p });
    }
  }
  // Literal paths first, so /crm/v3/objects/0-3/search wins over /crm/v3/objects/0-3/{dealId}.
  const byLiteralness = (o: Operation) => -o.path.replace(/\{[^}]+\}/g, '').length;
  operations.sort((a, b) => byLiteralness(a) - byLiteralness(b));

  function resolve(doc: Doc, schema: Schema): Schema {
    let s = schema;
    while (s.$ref) s = doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]!;
    return s;
  }

  function check(doc: Doc, schema: Schema, value: unknown, at: string, errors: string[]): void {
    const s = resolve(doc, schema);
    if (value === null) {
      if (!s.nullable) errors.push(`${at}: null where ${s.type ?? 'a value'} is required`);
      return;
    }
    if (s.allOf) for (const part of s.allOf) check(doc, part, value, at, errors);
    for (const options of [s.oneOf, s.anyOf]) {
      if (!options) continue;
      const fits = options.some((o) => {
        const sub: string[] = [];
        check(doc, o, value, at, sub);
        return sub.length === 0;
      });
      if (!fits) errors.push(`${at}: matches none of its ${options.length} allowed shapes`);
    }
    if (s.enum && !s.enum.includes(value)) errors.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
    switch (s.type) {
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value)) return void errors.push(`${at}: expected an object`);
        const record = value as Record<string, unknown>;
        for (const name of s.required ?? []) if (!(name in record)) errors.push(`${at}.${name}: required but missing`);
        for (const [name, v] of Object.entries(record)) {
          const property = s.properties?.[name];
          if (property) check(doc, property, v, `${at}.${name}`, errors);
          else if (typeof s.additionalProperties === 'object') check(doc, s.additionalProperties, v, `${at}.${name}`, errors);
          else if (s.additionalProperties === false) errors.push(`${at}.${name}: not allowed`);
        }
        return;
      }
      case 'array':
        if (!Array.isArray(value)) return void errors.push(`${at}: expected an array`);
        value.forEach((v, i) => s.items && check(doc, s.items, v, `${at}[${i}]`, errors));
        return;
      case 'string':
        if (typeof value !== 'string') return void errors.push(`${at}: expected a string`);
        if (s.format === 'date-time' && Number.isNaN(Date.parse(value))) errors.push(`${at}: not a date-time`);
        return;
      case 'integer':
        if (!Number.isInteger(value)) errors.push(`${at}: expected an integer`);
        return;
      case 'number':
        if (typeof value !== 'number') errors.push(`${at}: expected a number`);
        return;
      case 'boolean':
        if (typeof value !== 'boolean') errors.push(`${at}: expected a boolean`);
        return;
    }
  }

  return {
    /**
     * The problems of `body` as the answer `status` to `method path`; null when no operation in the
     * files describes that path (the caller decides whether that is allowed).
     */
    check(method: string, pathname: string, status: number, body: unknown): string[] | null {
      const op = operations.find((o) => o.method === method && o.template.test(pathname));
      if (!op) return null;
      const responses = op.doc.paths[op.path]![op.method.toLowerCase()]!.responses ?? {};
      let response = responses[String(status)] ?? responses.default;
      if (!response) return [`${method} ${op.path}: no response ${status} is documented`];
      if (response.$ref) response = op.doc.components.responses?.[response.$ref.replace('#/components/responses/', '')] ?? {};
      const schema = Object.values(response.content ?? {})[0]?.schema;
      if (!schema) return [];
      const errors: string[] = [];
      check(op.doc, schema, body, 'body', errors);
      return errors;
    },

    /**
     * The problems of a request's JSON `body` as the operation's requestBody schema has it (what a
     * client sent that HubSpot would not take); null when no operation describes the path.
     */
    checkRequest(method: string, pathname: string, body: unknown): string[] | null {
      const op = operations.find((o) => o.method === method && o.template.test(pathname));
      if (!op) return null;
      const content = op.doc.paths[op.path]![op.method.toLowerCase()]!.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      if (!schema) return [];
      const errors: string[] = [];
      check(op.doc, schema, body, 'request', errors);
      return errors;
    },
  };
}

export type OpenApiChecker = ReturnType<typeof createOpenApiChecker>;
