// Entry of the orders view: start it against the host.
import { startView } from '../shared/run-view.js';
import { ordersProgram } from '../views/orders.js';

startView(ordersProgram);
