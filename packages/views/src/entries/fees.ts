// Entry of the fees view: start it against the host.
import { startView } from '../shared/run-view.js';
import { feesProgram } from '../views/fees.js';

startView(feesProgram);
