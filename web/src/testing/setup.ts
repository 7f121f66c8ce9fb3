// Test files of pure logic run in node (a "@vitest-environment node" line at
// their top): they skip setting up a DOM and loading Testing Library.
if (typeof document !== 'undefined') await import('./setup-dom')
