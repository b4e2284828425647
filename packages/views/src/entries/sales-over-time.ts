// Entry of the sales-over-time view: start it against the host.
import { startView } from '../shared/run-view.js';
import { salesProgram } from '../views/sales-over-time.js';

startView(salesProgram);
