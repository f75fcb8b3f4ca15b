import {loadApiModel} from './src/api/load';
import {buildReferenceModel} from './src/api/model/toPage';
const api = loadApiModel('api/synkronus.yaml', '.');
try { buildReferenceModel(api, {downloadUrl: '/api/synkronus.yaml'}); console.log('page ok'); } catch (e) { console.log('page error', (e as Error).message); }
for (const o of api.operations) if (o.sampleProblem) console.log(o.operationId, o.sampleProblem);
