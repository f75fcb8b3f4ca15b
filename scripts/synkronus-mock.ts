/**
 * `npm run synkronus-mock -- [--dialect v1.0.0-alpha.6|description] [--port 8080] [--empty]`: serves the site's
 * Synkronus engine on 127.0.0.1 for a client's own tests (src/api/synkronus/README.md). `--empty` starts with
 * the seed's accounts but no observations, attachments or app bundles. Stops on Ctrl-C.
 */
import {parseArgs} from 'node:util';
import {DIALECTS, DEFAULT_DIALECT, SEED_USERS, type DialectName} from '../src/api/synkronus';
import {startSynkronusServer} from '../src/api/synkronus/node';

const {values} = parseArgs({
  options: {
    dialect: {type: 'string', default: DEFAULT_DIALECT},
    port: {type: 'string', default: '8080'},
    empty: {type: 'boolean', default: false},
  },
});
const dialect = values.dialect as DialectName;
if (!DIALECTS.includes(dialect)) {
  console.error(`synkronus-mock: --dialect must be one of ${DIALECTS.join(', ')}, not ${values.dialect}`);
  process.exit(2);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`synkronus-mock: --port must be a port number, not ${values.port}`);
  process.exit(2);
}

void startSynkronusServer({dialect, port, seed: {content: !values.empty}}).then(({origin, close}) => {
  console.log(`synkronus-mock: dialect ${dialect} at ${origin}`);
  console.log(
    `synkronus-mock: accounts ${SEED_USERS.map((u) => `${u.username} / ${u.password} (${u.role})`).join(', ')}`,
  );
  const stop = () => void close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
});
