// Filled in by issue 6.
