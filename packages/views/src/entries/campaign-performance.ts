// Entry of the campaign-performance view: start it against the host.
import { startView } from '../shared/run-view.js';
import { campaignsProgram } from '../views/campaign-performance.js';

startView(campaignsProgram);
