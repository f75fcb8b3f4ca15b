'use strict';
/** Serves build/ with the production nginx configuration until interrupted. */
const {startNginx} = require('./nginx.cjs');

const port = Number(process.argv[2] ?? 3000);
const server = startNginx({port, name: 'serve'});
console.log(`Serving the production build at ${server.origin}/ (Ctrl-C to stop)`);
const stop = () => {
  server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
