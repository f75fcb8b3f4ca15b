/**
 * Reads a Parquet file of an export, the release's or the engine's. Both have the root REPEATED, as Arrow Go
 * writes it (parquet/writer_properties.go:333 in v14.0.2). Arrow and the Parquet format count levels from the
 * root's children, but hyparquet (1.31.5) counts the root as a repeated level and then reads repetition levels
 * the pages do not hold, so it cannot read these files as they are: it is given their footer with the root's
 * repetition left out.
 */
import {parquetMetadata, parquetReadObjects, type FileMetaData} from 'hyparquet';

/** The footer of one Parquet file. */
export const footerOf = (bytes: Uint8Array): FileMetaData => parquetMetadata(bytes.slice().buffer);

/** The rows of one Parquet file, each column's values as hyparquet converts them. */
export async function parquetRows(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const file = bytes.slice().buffer;
  const metadata = parquetMetadata(file);
  const [root, ...columns] = metadata.schema;
  return parquetReadObjects({
    file,
    metadata: {...metadata, schema: [{...root, repetition_type: undefined}, ...columns]},
  });
}
