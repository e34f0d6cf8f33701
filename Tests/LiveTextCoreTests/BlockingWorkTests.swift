import Foundation
import LiveTextCore
import Synchronization
import Testing

@Suite("blocking work on a bounded pool")
struct BlockingWorkTests {
    /// Work that blocks until `open` is called, counting how many run at once.
    final class Gate: Sendable {
        private let condition = NSCondition()
        private let state = Mutex((running: 0, most: 0, isOpen: false))

        func pass() {
            state.withLock { $0.running += 1; $0.most = max($0.most, $0.running) }
            condition.lock()
            while !state.withLock({ $0.isOpen }) { _ = condition.wait(until: Date().addingTimeInterval(0.05)) }
            condition.unlock()
            state.withLock { $0.running -= 1 }
        }

        func open() {
            state.withLock { $0.isOpen = true }
            condition.broadcast()
        }

        var running: Int { state.withLock { $0.running } }
        var most: Int { state.withLock { $0.most } }
    }

    // Unbounded, Dispatch made a thread for each blocked piece of work, up to a few dozen,
    // and every other queue of the process waited behind them.
    @Test("a flood of blocking work runs at most `width` pieces at once; the rest wait their turn")
    func bounded() async throws {
        let gate = Gate()
        let count = BlockingWork.width * 3
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count { group.addTask { try await BlockingWork.run { gate.pass() } } }
            // Long enough for Dispatch to add threads for the blocked ones, were it asked to.
            for _ in 0..<40 where gate.running < count {
                try await Task.sleep(for: .milliseconds(50))
            }
            gate.open()
            try await group.waitForAll()
        }
        // Other tests of this process use the pool too: at most `width`, maybe fewer of ours.
        #expect(gate.most <= BlockingWork.width)
        #expect(gate.most > 0)
    }

    @Test("work still waiting for a thread when its task is cancelled is dropped, never run")
    func cancelledWhileQueued() async throws {
        let gate = Gate()
        let blockers = (0..<BlockingWork.width).map { _ in Task { try await BlockingWork.run { gate.pass() } } }
        while gate.running < BlockingWork.width { try await Task.sleep(for: .milliseconds(10)) }
        let ran = Mutex(false)
        let queued = Task { try await BlockingWork.run { ran.withLock { $0 = true } } }
        try await Task.sleep(for: .milliseconds(50))
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value }
        gate.open()
        for blocker in blockers { try await blocker.value }
        #expect(ran.withLock { $0 } == false)
    }

    @Test("work runs on threads of the pool's own, not on Dispatch's, which Swift's cooperative pool shares")
    func ownThreads() async throws {
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<BlockingWork.width {
                group.addTask {
                    try await BlockingWork.run { (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "" }
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(names == ["livetext-work\n"])
    }
}
