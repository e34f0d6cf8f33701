/// Lets a test hold a handler inside its body until the test decides, instead of sleeping: the test
/// waits for `entered`, checks what it wants while the handler is stuck, then opens the gate.
actor Gate {
    private var isOpen = false
    private var hasEntered = false
    private var openWaiters: [CheckedContinuation<Void, Never>] = []
    private var enterWaiters: [CheckedContinuation<Void, Never>] = []

    /// Called by the handler: marks it as inside, then waits for `open()`.
    func pass() async {
        hasEntered = true
        enterWaiters.forEach { $0.resume() }
        enterWaiters.removeAll()
        if isOpen { return }
        await withCheckedContinuation { openWaiters.append($0) }
    }

    /// Waits until a handler is inside.
    func entered() async {
        if hasEntered { return }
        await withCheckedContinuation { enterWaiters.append($0) }
    }

    func open() {
        isOpen = true
        openWaiters.forEach { $0.resume() }
        openWaiters.removeAll()
    }
}

/// A thread-safe log of events, to assert on their order.
actor EventLog {
    private(set) var events: [String] = []
    func add(_ event: String) { events.append(event) }
}
