// Entry of the query-results view: start it against the host.
import { startView } from '../shared/run-view.js';
import { queryProgram } from '../views/query-results.js';

startView(queryProgram);
