// Entry of the pipeline-health view: start it against the host.
import { startView } from '../shared/run-view.js';
import { healthProgram } from '../views/pipeline-health.js';

startView(healthProgram);
