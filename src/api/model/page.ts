/**
 * The API reference as the /api page receives it: a serialisable model projected from the API model
 * at build time (./toPage.ts) and rendered by src/components/ApiReference. Types only, so the browser
 * bundle takes nothing from here.
 *
 * Text that is CommonMark in the description arrives as HTML rendered at build time (`Html`); values of
 * the description (examples, defaults, enums) arrive as the text a reader types or receives (`Value`):
 * a string as it is (an ETag example reads `"9c4f0e7d2b1a"`, with its quotes), anything else as JSON.
 * Fields that would be empty, false or absent are left out, to keep the page's data small.
 */
import type {ValueConstraints} from '../openapi';

/** HTML rendered from CommonMark at build time (./markdown.ts): safe, no raw HTML from the description. */
export type Html = string;

/** A value of the description as text: strings as they are, other values as JSON. */
export type Value = string;

/**
 * One schema, as a tree. A reference to a component schema is `{ref: 'Name'}` (with the description or
 * nullability the referring place adds); its content is in `ApiReferenceModel.schemas`, so the page's
 * data holds each component once, and the page draws it once, in its own section, where every use links.
 */
export type SchemaNode = ValueConstraints & {
  ref?: string;
  type?: string;
  format?: string;
  title?: string;
  description?: Html;
  nullable?: true;
  readOnly?: true;
  writeOnly?: true;
  deprecated?: true;
  enum?: Value[];
  default?: Value;
  example?: Value;
  exclusiveMinimum?: true;
  exclusiveMaximum?: true;
  uniqueItems?: true;
  properties?: PropertyModel[];
  /** `true`: any other property is allowed; a schema: other properties of that shape. */
  additionalProperties?: true | SchemaNode;
  items?: SchemaNode;
  allOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
};

export type PropertyModel = {name: string; required?: true; schema: SchemaNode};

export type ParameterModel = {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: true;
  deprecated?: true;
  description?: Html;
  schema?: SchemaNode;
  example?: Value;
  /** The example is the site's own (src/api/request-examples.ts): the description gives none. */
  siteExample?: true;
};

/** A request or response body in one media type. */
export type MediaModel = {
  mediaType: string;
  schema?: SchemaNode;
  /** The documented example, formatted as sent (JSON pretty-printed). */
  example?: Value;
  /** The example is the site's own (src/api/request-examples.ts): the description gives none. */
  siteExample?: true;
  /** Media types of multipart fields (`encoding`), by field name. */
  encoding?: {field: string; contentType: string}[];
};

export type HeaderModel = {name: string; required?: true; description?: Html; schema?: SchemaNode; example?: Value};

export type ResponseModel = {
  /** "200", "304", "default"… */
  status: string;
  /** The HTTP reason phrase of the status ("Not Modified"), when it has one. */
  reason?: string;
  description?: Html;
  headers?: HeaderModel[];
  content?: MediaModel[];
};

/** The `synk` command that makes the same call (data/synk-commands.json, its `operationId`). */
export type SynkCommandModel = {
  /** As typed: "synk app-bundle download [path]". */
  usage: string;
  /** Where the command is documented: the CLI page, at the command's row. */
  href: string;
  note?: string;
};

export type OperationModel = {
  /** `operation/<operationId>` (../anchors.ts). */
  anchor: string;
  /** Redoc's other id for the operation (`tag/<Tag>/operation/<operationId>`). */
  legacyAnchor?: string;
  operationId?: string;
  /** Upper case: "GET". */
  method: string;
  path: string;
  summary: string;
  description?: Html;
  deprecated?: true;
  /** True when the call needs no token (`security: []`). */
  isPublic?: true;
  /** The security schemes that apply (empty for public calls). */
  security?: string[];
  roles?: string[];
  rolesUnspecified?: string[];
  parameters?: ParameterModel[];
  requestBody?: {required?: true; description?: Html; content: MediaModel[]};
  responses: ResponseModel[];
  /** The generated curl command (src/api/curl.ts). */
  curl: string;
  synk?: SynkCommandModel;
};

export type TagModel = {name: string; anchor: string; description?: Html; operations: OperationModel[]};

/** A `## Title` section of the description's introduction. */
export type SectionModel = {title: string; anchor: string; html: Html};

export type SchemaEntryModel = {name: string; anchor: string; schema: SchemaNode};

export type ApiReferenceModel = {
  title: string;
  version: string;
  /** The OpenAPI version of the description ("3.0.3"). */
  openapi: string;
  license?: {name: string; url?: string};
  /** Where the site serves the description for download. */
  downloadUrl: string;
  /** The introduction before its first `##` heading. */
  lead?: Html;
  sections: SectionModel[];
  servers: {url: string; description?: Html; variables?: {name: string; default: string; description?: Html}[]}[];
  securitySchemes: {name: string; type: string; scheme?: string; bearerFormat?: string; description?: Html}[];
  tags: TagModel[];
  schemasAnchor: string;
  /** Every component schema, in the description's order; `SchemaNode.ref` names one of them. */
  schemas: SchemaEntryModel[];
};
