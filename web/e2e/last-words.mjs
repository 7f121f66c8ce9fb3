// A reporter that repeats, after the run's summary, each failed journey and
// the first lines of its error: the end of a long log then says what failed
// and why, not only which attachments a failure left.
export default class LastWords {
  constructor() {
    this.failed = [];
  }

  onTestEnd(test, result) {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus) return;
    const step = result.steps.findLast?.((s) => s.error)?.title;
    // A journey past its time has a second error: the action that was
    // waiting when the time ran out, which says where it hung.
    const errors = result.errors?.length ? result.errors : [{ message: result.status }];
    const message = errors
      .map((e, i) => (e.message ?? String(e.value ?? result.status)).replace(/\u001b\[[0-9;]*m/g, '').split('\n').slice(0, i === 0 ? 12 : 6).join('\n'))
      .join('\n');
    this.failed.push({ title: test.titlePath().filter(Boolean).join(' › '), step, message });
  }

  onEnd() {
    if (this.failed.length === 0) return;
    console.log(`\nFailed journeys (${this.failed.length}):`);
    for (const f of this.failed) {
      console.log(`\n✘ ${f.title}${f.step ? ` (step: ${f.step})` : ''}`);
      console.log(f.message.replace(/^/gm, '    '));
    }
  }
}
