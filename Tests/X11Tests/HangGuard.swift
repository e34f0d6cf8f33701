import Testing
import TestSupport

/// The result of `task`, or nil and a recorded issue when it takes more than `limit` (a hang
/// guard: the test goes on instead of waiting forever). `what` names the call in the issue.
func result<T: Sendable>(of task: Task<T, any Error>, within limit: Duration, what: String) async
    -> Result<T, any Error>? {
    let first = await TestSupport.result(of: task, within: limit)
    if first == nil { Issue.record("\(what) did not return within \(limit)") }
    return first
}
