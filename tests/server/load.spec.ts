/**
 * A bounded load test of nginx with the production configuration on 127.0.0.1: autocannon, 5,000 requests
 * over 50 connections, cycling through every route of the site (tests/support/routes.cjs) (gzip accepted, as
 * browsers do). A number of requests, not a time: on a busy machine it takes longer, and tests the same.
 * Zero errors, zero timeouts and only the expected status per route; it prints the requests per second
 * and the p99 latency.
 */
import autocannon from 'autocannon';
import {test, expect} from '@playwright/test';
import {SPEC_ROUTES} from '../support/routes.cjs';
import {STATE_TIMEOUT_MS} from '../support/limits';

const CONNECTIONS = 50;
const REQUESTS = 5_000;
/** Requests per connection before autocannon opens a new one: under nginx's keepalive_requests (1000). */
const RECONNECT_EVERY = 500;

/** What each route answers: /docs redirects to the Overview, every other route is a page. */
const EXPECTED_STATUS = new Map(SPEC_ROUTES.map((r) => [r.path, r.path === '/docs' ? 301 : 200]));

test('5,000 requests over 50 connections and the route list: no errors, only expected statuses', async ({baseURL}) => {
  const unexpected = new Map<string, number>();
  const result = await autocannon({
    url: baseURL!,
    connections: CONNECTIONS,
    amount: REQUESTS,
    // A request unanswered for this long counts as a timeout: a hang, not a slow answer on a busy machine.
    timeout: STATE_TIMEOUT_MS / 1000,
    // nginx closes a keep-alive connection after 1000 requests (keepalive_requests), and autocannon
    // then pairs the next answers with the wrong requests; each connection is renewed before that.
    reconnectRate: RECONNECT_EVERY,
    headers: {'accept-encoding': 'gzip'},
    requests: [...EXPECTED_STATUS].map(([path, status]) => ({
      method: 'GET' as const,
      path,
      onResponse: (actual: number) => {
        if (actual !== status) {
          const key = `${path}: ${actual}, expected ${status}`;
          unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
        }
      },
    })),
  });
  const summary =
    `load: ${result.requests.total} requests in ${result.duration.toFixed(1)} s, ` +
    `${Math.round(result.requests.average)} req/s on average, latency p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
    `${result.errors} errors, ${result.timeouts} timeouts, 2xx ${result['2xx']}, 3xx ${result['3xx']}, ` +
    `4xx ${result['4xx']}, 5xx ${result['5xx']}`;
  console.log(summary);
  test.info().annotations.push({type: 'load', description: summary});

  expect(result.requests.total, 'requests made').toBeGreaterThanOrEqual(REQUESTS);
  expect(result.errors, 'connection errors').toBe(0);
  expect(result.timeouts, 'timeouts').toBe(0);
  expect([...unexpected], 'unexpected statuses').toEqual([]);
  expect(result['4xx'] + result['5xx'], '4xx and 5xx answers').toBe(0);
});
