/**
 * The contract of the in-browser Synkronus: what the API description says about each operation, made
 * from the API model of api/synkronus.yaml at build time (src/api/model/toContract.ts) and read by the engine
 * (./index.ts) and the console. Types only. Schemas are JSON Schema 2019-09 (OpenAPI 3.0's
 * `nullable` turned into a `null` type), and a component schema is referred to as `#/$defs/<Name>`.
 */

export type JsonSchema = {[keyword: string]: unknown};

export type ContractParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: true;
  schema?: JsonSchema;
  /** The documented example, as text. */
  example?: string;
};

export type ContractBody = {
  mediaType: string;
  required?: true;
  schema?: JsonSchema;
  /** The documented example, as sent (JSON pretty-printed). */
  example?: string;
  /** The binary (file) fields of a multipart body. */
  files?: string[];
};

export type ContractResponse = {
  /** "200", "304"… */
  status: string;
  reason?: string;
  /** The media type of the body, when it has one. */
  mediaType?: string;
  /** The component schema of the body, when the description names one ("ProblemDetail"). */
  schema?: string;
  /** The response headers the description names. */
  headers?: string[];
  /** The documented example of a JSON answer, else one made of its fields' examples. */
  example?: unknown;
};

export type ContractOperation = {
  operationId: string;
  /** Upper case. */
  method: string;
  path: string;
  summary: string;
  /** The anchor of the operation on /api. */
  anchor: string;
  isPublic?: true;
  /** The roles allowed to make the call (`x-roles`); empty for public calls. */
  roles: string[];
  /** Roles the description does not say anything about (`x-roles-unspecified`): the mock refuses them. */
  rolesUnspecified?: string[];
  parameters: ContractParameter[];
  body?: ContractBody;
  responses: ContractResponse[];
};

export type Contract = {
  title: string;
  version: string;
  operations: ContractOperation[];
  /** Every component schema, as JSON Schema. */
  schemas: Record<string, JsonSchema>;
  /** The HTTP reason phrase of every status, for answers the description does not list ("501 Not Implemented"). */
  reasons: Record<string, string>;
};
