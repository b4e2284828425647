// Entry of the amc-results view: start it against the host.
import { startView } from '../shared/run-view.js';
import { amcProgram } from '../views/amc-results.js';

startView(amcProgram);
