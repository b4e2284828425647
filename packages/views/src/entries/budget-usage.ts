// Entry of the budget-usage view: start it against the host.
import { startView } from '../shared/run-view.js';
import { budgetProgram } from '../views/budget-usage.js';

startView(budgetProgram);
