/**
 * The one model of the API description: what the build knows about the API, made once per build by
 * `buildApiModel()` (./build.ts) and projected to everything the site says about the API: the /api page
 * (./toPage.ts), the console's contract (./toContract.ts), the role and error tables (./tables.ts), the
 * search entries (src/plugins/local-search/apiEntries.ts) and llms-full.txt (./toText.ts). Types only.
 *
 * Every reference to a parameter, body, response or header is resolved here; schemas keep their one form,
 * the description's own (OpenAPI 3.0 Schema objects), where a component is `$ref: '#/components/schemas/<Name>'`
 * and its content is in `schemas` once. Texts stay CommonMark: each projection renders them as it needs.
 */
import type {RequestSample} from '../curl';
import type {HttpMethod, ParameterLocation, Role, Schema, SecurityScheme} from '../openapi';

/** CommonMark from the description, as written. */
export type Markdown = string;

export type ApiParameter = {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: Markdown;
  schema?: Schema;
  /** The parameter's example, else its schema's, else the site's own (src/api/request-examples.ts). */
  example?: unknown;
  /** The example is the site's, not the description's. */
  siteExample?: true;
};

export type ApiMedia = {
  mediaType: string;
  schema?: Schema;
  /** The documented example, else the example of the schema it refers to, else the site's own (request bodies). */
  example?: unknown;
  /** The example is the site's, not the description's. */
  siteExample?: true;
  /** Media types of multipart fields (`encoding`), by field name. */
  encoding: {field: string; contentType: string}[];
  /** The binary (file) fields of the body's schema. */
  files: string[];
};

export type ApiHeader = {name: string; required: boolean; description?: Markdown; schema?: Schema; example?: unknown};

export type ApiResponse = {
  /** "200", "304", "default"… */
  status: string;
  /** The HTTP reason phrase of the status ("Not Modified"), when it has one. */
  reason?: string;
  description?: Markdown;
  headers: ApiHeader[];
  content: ApiMedia[];
};

export type ApiOperation = {
  /** `operation/<operationId>`, or the operation's JSON pointer without one (src/api/anchors.ts). */
  anchor: string;
  /** Redoc's other id for the operation, under its first tag. */
  legacyAnchor?: string;
  operationId?: string;
  method: HttpMethod;
  path: string;
  summary?: string;
  description?: Markdown;
  tags: string[];
  deprecated: boolean;
  /** True when the call needs no token (`security: []`). */
  isPublic: boolean;
  /** The names of the security schemes that apply; empty for public calls. */
  security: string[];
  /** The roles allowed to make the call (`x-roles`); empty for public calls. */
  roles: Role[];
  /** Roles the description says nothing about (`x-roles-unspecified`). */
  rolesUnspecified: Role[];
  /** Path-level then operation-level parameters; an operation-level one replaces the path-level one it names. */
  parameters: ApiParameter[];
  requestBody?: {required: boolean; description?: Markdown; content: ApiMedia[]};
  responses: ApiResponse[];
  /**
   * The documented example request, which the curl sample (src/api/curl.ts) and the tests send; when the
   * description lacks what it needs (a path parameter without an example…), `sampleProblem` says what, and
   * the page, which shows every sample, fails the build with it.
   */
  sample?: RequestSample;
  sampleProblem?: string;
};

/** The operations of one of the site's sections (src/api/sections.ts), as the page and the text group them. */
export type ApiTag = {
  name: string;
  displayName: string;
  anchor: string;
  description?: Markdown;
  operations: ApiOperation[];
};

export type ApiSchema = {name: string; anchor: string; schema: Schema};

export type ApiModel = {
  title: string;
  version: string;
  /** The OpenAPI version of the description ("3.0.3"). */
  openapi: string;
  description?: Markdown;
  license?: {name: string; url?: string};
  servers: {
    url: string;
    description?: Markdown;
    variables: {name: string; default: string; description?: Markdown}[];
  }[];
  securitySchemes: ({name: string} & SecurityScheme)[];
  /** Every operation, in the order of the description's paths. */
  operations: ApiOperation[];
  /** The operations in the site's sections (src/api/sections.ts): ODE's description tags only two calls. */
  tags: ApiTag[];
  /** Tags the description declares, in its order, whether or not an operation uses them. */
  declaredTags: {name: string; displayName: string; anchor: string; description?: Markdown}[];
  /** Every component schema, in the description's order. */
  schemas: ApiSchema[];
};
