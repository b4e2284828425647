// Entry of the fba-inventory view: start it against the host.
import { startView } from '../shared/run-view.js';
import { inventoryProgram } from '../views/fba-inventory.js';

startView(inventoryProgram);
