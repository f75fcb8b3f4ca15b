/**
 * The API reference page (/api, src/components/ApiReference) as the browser tests find their way in it:
 * its navigation list, and the section of one operation or schema by its anchor
 * (src/api/anchors.ts). Ids hold a slash, so they are matched as attribute values.
 */
import type {Page} from '@playwright/test';
import {operationAnchor, schemaAnchor} from '../../src/api/anchors';
import type {OperationEntry} from '../../src/api/openapi';

/** The reference's navigation list: tags → operations, and schemas. */
export const referenceNav = (page: Page) => page.getByRole('navigation', {name: 'API reference'});

/** The element a `#<anchor>` link lands on. */
export const anchorTarget = (page: Page, anchor: string) => page.locator(`[id="${anchor}"]`);

/** The section of one operation: its heading (`#operation/<id>`) and everything under it. */
export const operationSection = (
  page: Page,
  op: Pick<OperationEntry, 'method' | 'path'> & {operation: {operationId?: string}},
) =>
  page
    .locator('section')
    .filter({
      has: anchorTarget(
        page,
        operationAnchor({method: op.method, path: op.path, operationId: op.operation.operationId}),
      ),
    })
    .last();

/** The section of one component schema (`#schema/<Name>`). */
export const schemaSection = (page: Page, name: string) =>
  page
    .locator('section')
    .filter({has: anchorTarget(page, schemaAnchor(name))})
    .last();
