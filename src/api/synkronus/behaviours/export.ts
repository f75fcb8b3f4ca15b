/** Tag Data export. The engine cannot write Parquet: each entry holds the form type's records as JSON lines. */
import type {Behaviour} from '../types';
import {writeZip} from '../zip';

const encoder = new TextEncoder();

const exportParquet: Behaviour = ({store}) => {
  const byType = new Map<string, string[]>();
  for (const record of [...store.state.observations.values()].sort((a, b) => a.version - b.version)) {
    if (!byType.has(record.form_type)) byType.set(record.form_type, []);
    byType.get(record.form_type)!.push(JSON.stringify(record));
  }
  const zip = writeZip([...byType].map(([formType, lines]) => ({name: `${formType}.parquet`, data: encoder.encode(`${lines.join('\n')}\n`)})));
  return {
    status: 200,
    bytes: zip,
    contentType: 'application/zip',
    headers: {'Content-Disposition': 'attachment; filename="observations.zip"'},
    limit: 'the entries are JSON lines, not Parquet',
  };
};

export const exportBehaviours = {exportParquet};
