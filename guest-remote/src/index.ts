// Async boundary: the federation runtime negotiates the shared singletons before bootstrap runs.
void import('./bootstrap');
