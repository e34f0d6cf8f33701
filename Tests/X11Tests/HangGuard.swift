import Testing

/// The result of `task`, or nil and a recorded issue when it takes more than `limit` (a hang
/// guard: the test goes on instead of waiting forever). `what` names the call in the issue.
func result<T: Sendable>(of task: Task<T, any Error>, within limit: Duration, what: String) async
    -> Result<T, any Error>? {
    await withTaskGroup(of: Result<T, any Error>?.self) { group in
        group.addTask { await task.result }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        if first == nil { Issue.record("\(what) did not return within \(limit)") }
        return first
    }
}
